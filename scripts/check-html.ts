// Nu Html Checker (vnu.jar, Java 17) over the server-rendered HTML of every public
// page, of the signed-in customer's pages (a fresh account's session), and of every
// staff screen (an owner's second-factor session made directly in the database).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../tests/helpers/server.ts";
import { registerAppAlias } from "./lib/app-alias.ts";
import { notFoundPages, publicPages, signedInPages, staffPages } from "./public-pages.ts";

const vnu = createRequire(import.meta.url)("vnu-jar") as string;
const srv = await startServer({ LOG_LEVEL: "warn" });
const dir = mkdtempSync(path.join(tmpdir(), "an-html-"));
const files: { file: string; page: string }[] = [];
let failed = false;
try {
  const pages: [string, number][] = [
    ...publicPages.map((p): [string, number] => [p, 200]),
    ...notFoundPages.map((p): [string, number] => [p, 404]),
  ];
  for (const [page, expected] of pages) {
    const res = await fetch(srv.url + page);
    if (res.status !== expected) {
      console.error(`✗ ${page}: HTTP ${res.status} (esperado ${expected})`);
      failed = true;
    }
    const file = path.join(dir, `${files.length}.html`);
    writeFileSync(file, await res.text());
    files.push({ file, page });
  }
  const cookie = await registerCustomer(srv.url);
  for (const [page, expected] of signedInPages) {
    const res = await fetch(srv.url + page, { headers: { cookie } });
    if (res.status !== expected) {
      console.error(`✗ ${page}: HTTP ${res.status} (esperado ${expected})`);
      failed = true;
    }
    const file = path.join(dir, `${files.length}.html`);
    writeFileSync(file, await res.text());
    files.push({ file, page: `${page} (con sesión)` });
  }
  const staff = await ownerSession(srv.url, srv.dataDir);
  for (const [page, expected] of staffPages(staff.editionPath)) {
    const res = await fetch(srv.url + page, { headers: { cookie: staff.cookie } });
    if (res.status !== expected) {
      console.error(`✗ ${page}: HTTP ${res.status} (esperado ${expected})`);
      failed = true;
    }
    const file = path.join(dir, `${files.length}.html`);
    writeFileSync(file, await res.text());
    files.push({ file, page: `${page} (equipo)` });
  }
} finally {
  await srv.stop();
}

/**
 * An owner with a session opened with the second factor, as after activation: a
 * registered account promoted in the server's own database (the staff sign-in
 * itself is covered by the browser and integration tests). Also the staff path
 * of one seeded edition, for its edit, attendee and sign-in sheet pages.
 */
async function ownerSession(origin: string, dataDir: string): Promise<{ cookie: string; editionPath: string }> {
  await registerCustomer(origin, "html-owner@example.com");
  registerAppAlias(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const { createDb } = await import("~/db/db.server.ts");
  const { insertSession } = await import("~/auth/session.server.ts");
  const db = createDb(`file:${path.join(dataDir, "salon.db")}`);
  try {
    const user = await db
      .updateTable("users")
      .set({ role: "owner" })
      .where("email", "=", "html-owner@example.com")
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = await insertSession(db, user.id, new Date(), { secondFactor: true });
    const edition = await db
      .selectFrom("course_editions")
      .select(["id", "course_id"])
      .orderBy("starts_on")
      .executeTakeFirstOrThrow();
    return { cookie: `an_session=${token}`, editionPath: `${edition.course_id}|${edition.id}` };
  } finally {
    await db.destroy();
  }
}

/** Registers a customer through the real form and returns its session cookie. */
async function registerCustomer(origin: string, email = "html-check@example.com"): Promise<string> {
  const res = await fetch(`${origin}/registro`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      firstName: "Lucía",
      lastName: "Comprobación",
      email,
      phone: "600 000 000",
      password: "una-clave-larga-1",
      confirmPassword: "una-clave-larga-1",
      acceptTerms: "on",
    }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("an_session="));
  if (res.status !== 302 || !session) throw new Error(`no se pudo registrar la cuenta de prueba (HTTP ${res.status})`);
  return session.split(";")[0];
}

let report: { messages: { type: string; url: string; message: string; lastLine?: number; extract?: string }[] };
try {
  const out = execFileSync(
    "java",
    ["-jar", vnu, "--format", "json", "--exit-zero-always", ...files.map((f) => f.file)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  report = JSON.parse(out || '{"messages":[]}');
} catch (err) {
  // vnu writes its JSON report to stderr.
  const e = err as { stderr?: string };
  report = JSON.parse(e.stderr || '{"messages":[]}');
}
const errors = report.messages.filter((m) => m.type === "error");
for (const { file, page } of files) {
  const mine = errors.filter((m) => m.url.endsWith(path.basename(file)));
  console.log(`${mine.length === 0 ? "✓" : "✗"} ${page}${mine.length ? ` — ${mine.length} error(es)` : ""}`);
  for (const m of mine)
    console.log(`    línea ${m.lastLine}: ${m.message} ${m.extract ? `«${m.extract.trim().slice(0, 80)}»` : ""}`);
}
if (errors.length || failed) {
  console.error(`Nu Html Checker: ${errors.length} error(es)`);
  process.exit(1);
}
console.log(`Nu Html Checker: ${files.length} páginas sin errores`);

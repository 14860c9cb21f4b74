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

registerAppAlias(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const { ownerSession, registerCustomer } = await import("./lib/page-sessions.ts");

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
  const cookie = `an_session=${await registerCustomer(srv.url, "html-check@example.com")}`;
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
  const staff = await ownerSession(srv.url, srv.dataDir, "html-owner@example.com");
  for (const [page, expected] of staffPages(staff.edition)) {
    const res = await fetch(srv.url + page, { headers: { cookie: `an_session=${staff.token}` } });
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

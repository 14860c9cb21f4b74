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
import { closeCashDay, fillCounter, HARNESS_SELLER_ENV } from "./lib/counter-data.ts";
import {
  bookAppointment,
  bookingDetailsPage,
  counterPages,
  notFoundPages,
  publicPages,
  signedInPages,
  staffPages,
} from "./public-pages.ts";

registerAppAlias(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const { ownerSession, registerCustomer } = await import("./lib/page-sessions.ts");
const { createDb } = await import("~/db/db.server.ts");

const vnu = createRequire(import.meta.url)("vnu-jar") as string;
// A seller, so the counter's sales are invoiced (their pages show the invoice and the ticket).
const srv = await startServer({ LOG_LEVEL: "warn", ...HARNESS_SELLER_ENV });
const dir = mkdtempSync(path.join(tmpdir(), "an-html-"));
const files: { file: string; page: string }[] = [];
let failed = false;
/** Fetches `page` (with `cookie`), notes a wrong status, and keeps its HTML for vnu under `label`. */
async function collect(page: string, expected: number, label: string, cookie?: string) {
  const res = await fetch(srv.url + page, { headers: cookie ? { cookie } : {} });
  if (res.status !== expected) {
    console.error(`✗ ${page}: HTTP ${res.status} (esperado ${expected})`);
    failed = true;
  }
  const file = path.join(dir, `${files.length}.html`);
  writeFileSync(file, await res.text());
  files.push({ file, page: label });
}
try {
  for (const page of publicPages) await collect(page, 200, page);
  for (const page of notFoundPages) await collect(page, 404, page);
  // The booking's details step: a free time found at run time.
  const details = await bookingDetailsPage(srv.url);
  await collect(details, 200, details);
  const cookie = `an_session=${await registerCustomer(srv.url, "html-check@example.com")}`;
  for (const [page, expected] of signedInPages) await collect(page, expected, `${page} (con sesión)`, cookie);
  const signedInDetails = await bookingDetailsPage(srv.url, cookie);
  await collect(signedInDetails, 200, `${signedInDetails} (con sesión)`, cookie);
  // Pages that show an appointment: one booked by the customer, one held by a guest.
  const booked = await bookAppointment(srv.url, signedInDetails, cookie);
  for (const page of [booked.landing, `/perfil/citas/${booked.id}`, `/perfil/citas/${booked.id}?cambiar=1`]) {
    await collect(page, 200, `${page} (con sesión)`, cookie);
  }
  const held = await bookAppointment(srv.url, await bookingDetailsPage(srv.url));
  await collect(held.landing, 200, held.landing);
  const staff = await ownerSession(srv.url, srv.dataDir, "html-owner@example.com");
  const day = new URL(signedInDetails, srv.url).searchParams.get("dia") ?? "";
  for (const [page, expected] of [
    ...staffPages(staff.edition),
    [`/gestion/agenda?dia=${day}`, 200],
    [`/gestion/agenda?dia=${day}&vista=semana&profesional=alejandra`, 200],
    [`/gestion/agenda/${booked.id}`, 200],
    [`/gestion/agenda/${booked.id}?mover=1`, 200],
    [`/gestion/agenda/${held.id}`, 200],
  ] as [string, number][]) {
    await collect(page, expected, `${page} (equipo)`, `an_session=${staff.token}`);
  }
  // The counter's screens with records: sales, a return, the till open, then closed (its Z report).
  const owner = { origin: srv.url, cookie: `an_session=${staff.token}` };
  const db = createDb(`file:${path.join(srv.dataDir, "salon.db")}`);
  try {
    const records = await fillCounter(owner, db);
    for (const page of counterPages(records)) await collect(page, 200, `${page} (caja con datos)`, owner.cookie);
    await closeCashDay(owner, records.cashDay);
    for (const page of [`/gestion/caja/cierre?dia=${records.cashDay}`, "/gestion/caja"]) {
      await collect(page, 200, `${page} (caja cerrada)`, owner.cookie);
    }
  } finally {
    await db.destroy();
  }
} finally {
  await srv.stop();
}

let report: { messages: { type: string; url: string; message: string; lastLine?: number; extract?: string }[] };
try {
  const out = execFileSync(
    "java",
    // Errors only: its notes on every page ("trailing slash on void elements") outgrew the buffer
    // once the Catalan pages joined the list, and only errors fail the check.
    ["-jar", vnu, "--format", "json", "--errors-only", "--exit-zero-always", ...files.map((f) => f.file)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 << 20,
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

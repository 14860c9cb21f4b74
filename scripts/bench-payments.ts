// `npm run bench:payments`: server time of the two hot payment paths on SQLite,
// p50/p95 over 500 runs each (a measurement, not a timed test):
//   1. creating a checkout session: catalogue pricing + order insert + the real
//      `stripe` SDK against a local mock of the Stripe API (and the demo gateway);
//   2. processing a webhook: signature check over the raw body + the fulfilment
//      transaction + the confirmation email written to an .eml outbox.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { registerAppAlias } from "./lib/app-alias.ts";

// The app imports "~/…" (Vite alias); teach Node the same mapping before loading it.
registerAppAlias(path.resolve(import.meta.dirname, ".."));

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const WEBHOOK_SECRET = "whsec_bench";
const PUBLIC_URL = "http://localhost:3000";

const { createDb, migrateToLatest } = await import("../app/db/db.server.ts");
const { seedCatalogue } = await import("../app/db/seed.server.ts");
const { todayInMadrid } = await import("../app/catalogue/queries.server.ts");
const { createLogger } = await import("../app/lib/logger.server.ts");
const { newId } = await import("../app/lib/ids.server.ts");
const { createOutboxMailer } = await import("../app/mail/outbox.server.ts");
const { startCheckout } = await import("../app/payments/checkout.server.ts");
const { handleStripeWebhook } = await import("../app/payments/api.server.ts");
const { createStripeProvider } = await import("../app/payments/stripe.server.ts");
const { createDemoProvider } = await import("../app/payments/demo.server.ts");
const { startStripeMock } = await import("../tests/helpers/stripe-mock.ts");

const dir = mkdtempSync(path.join(tmpdir(), "an-bench-"));
const db = createDb(`file:${path.join(dir, "bench.db")}`);
await migrateToLatest(db);
// 500 checkouts of the same courses: more places than a class holds.
await seedCatalogue(db, { today: todayInMadrid(), seats: 100_000 });
const mock = await startStripeMock(WEBHOOK_SECRET);
const base = {
  db,
  logger: createLogger("silent"),
  mailer: createOutboxMailer(path.join(dir, "outbox"), "Alejandra Nails <hola@alejandranails.es>"),
  config: { publicUrl: PUBLIC_URL },
};
const stripeDeps = {
  ...base,
  payments: createStripeProvider({ secretKey: "sk_test_bench", webhookSecret: WEBHOOK_SECRET, apiBase: mock.url, publicUrl: PUBLIC_URL }),
};
const demoDeps = { ...base, payments: createDemoProvider() };

async function newBuyer() {
  const id = newId();
  const email = `bench-${id.slice(0, 8)}@example.com`;
  await db
    .insertInto("users")
    .values({ id, email, password_hash: null, google_sub: null, display_name: "Bench", first_name: "Bench", last_name: "Buyer", phone: "", created_at: new Date().toISOString(), last_login_at: null })
    .execute();
  return { id, email };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), mean: samples.reduce((s, x) => s + x, 0) / samples.length };
}

const courses = ["formacion-inicio", "expert-nails"];
const rows: [string, ReturnType<typeof stats>][] = [];

// Warm-up (JIT, SQLite page cache, HTTP keep-alive) outside the measurement.
for (let i = 0; i < 20; i++) await startCheckout(stripeDeps, { user: await newBuyer(), courseIds: courses, method: "card", withdrawalWaiver: true });

const sessions: string[] = [];
const createStripe: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const user = await newBuyer();
  const t0 = performance.now();
  const started = await startCheckout(stripeDeps, { user, courseIds: courses, method: "card", withdrawalWaiver: true });
  createStripe.push(performance.now() - t0);
  sessions.push(started.sessionId);
}
rows.push(["create checkout session (Stripe SDK → local mock)", stats(createStripe)]);

const createDemo: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const user = await newBuyer();
  const t0 = performance.now();
  await startCheckout(demoDeps, { user, courseIds: courses, method: "card", withdrawalWaiver: true });
  createDemo.push(performance.now() - t0);
}
rows.push(["create checkout session (demo gateway)", stats(createDemo)]);

const webhookFirst: number[] = [];
const webhookRepeat: number[] = [];
for (const sessionId of sessions) {
  mock.setSession(sessionId, { status: "complete", payment_status: "paid" });
  const event = mock.signedEvent("checkout.session.completed", sessionId);
  const request = () =>
    new Request(`${PUBLIC_URL}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
      body: event.body,
    });
  let t0 = performance.now();
  const res = await handleStripeWebhook(stripeDeps, request());
  webhookFirst.push(performance.now() - t0);
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  t0 = performance.now();
  await handleStripeWebhook(stripeDeps, request());
  webhookRepeat.push(performance.now() - t0);
}
rows.push(["webhook: completed → paid + 2 enrolments + email", stats(webhookFirst)]);
rows.push(["webhook: same event redelivered (no-op)", stats(webhookRepeat)]);

const pad = (s: string, n: number) => s.padEnd(n);
const ms = (x: number) => `${x.toFixed(2)} ms`.padStart(10);
console.log(`\nPayments benchmark — SQLite (node:sqlite), ${RUNS} runs each, Node ${process.version}\n`);
console.log(`${pad("operation", 52)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"mean".padStart(10)}`);
console.log("-".repeat(85));
for (const [name, s] of rows) console.log(`${pad(name, 52)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.mean)}`);
console.log("");

await mock.close();
await db.destroy();
rmSync(dir, { recursive: true, force: true });

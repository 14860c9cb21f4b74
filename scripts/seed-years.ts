// `npm run seed:years -- --years=5 [--scale=1] [--seed=2033] [--force]`
//
// FOR A THROWAWAY DATABASE ONLY (benchmarks, capacity tests): fills the
// database named by the configuration (DATABASE_URL, or DATA_DIR/salon.db, read
// exactly as the server reads it) with what a busy salon accumulates in
// --years: about 18,000 appointments a year over the six professionals (busier
// in spring and December, quiet in August; ~5 % no-shows, ~10 % cancelled),
// 4,000 new clients a year (a third with an account), deposit orders for most
// appointments, course orders on monthly past editions, refunds with their
// rectificativas, audit entries, and an invoice per sale whose billing record
// chain is valid (`npm run facturas:verificar` passes). --scale=0.2 makes a
// fifth of it. Deterministic for a --seed (the run's "now" aside). Bulk inserts,
// a thousand rows each. Refuses a database that already has orders,
// appointments or invoices (exit code 2), unless --force (which still needs an
// empty record chain). Migrates and seeds the catalogue first, as `npm run seed`.
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { registerAppAlias } from "./lib/app-alias.ts";
import { seededRandom } from "./lib/util.ts";

registerAppAlias(path.resolve(import.meta.dirname, ".."));

const { ConfigError, loadConfig } = await import("../app/config.server.ts");
const { createDb, dbKindOf, migrateToLatest } = await import("../app/db/db.server.ts");
const { seedCatalogue } = await import("../app/db/seed.server.ts");
const { seedSalon } = await import("../app/db/seed-salon.server.ts");
const { planSalon } = await import("./lib/scale-plan.ts");
const { holdsRealData, insertAll, issueAll, SCALE_SELLER } = await import("./lib/scale-write.ts");

const { values } = parseArgs({
  options: {
    years: { type: "string", default: "5" },
    scale: { type: "string", default: "1" },
    seed: { type: "string", default: "2033" },
    force: { type: "boolean", default: false },
  },
  strict: true,
});
const years = Number(values.years);
const scale = Number(values.scale);
if (!(years > 0 && years <= 20) || !(scale > 0 && scale <= 4)) {
  console.error("--years debe estar entre 0 y 20 y --scale entre 0 y 4.");
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const kind = dbKindOf(config.databaseUrl);
console.log(
  `seed:years — datos de prueba para una base de datos desechable (${kind === "sqlite" ? "SQLite" : "PostgreSQL"}): ` +
    `${years} años, escala ${scale}, semilla ${values.seed}.`,
);
const db = createDb(config.databaseUrl);
const t0 = performance.now();
const lap = (what: string, n: number, since: number) =>
  console.log(`  ${what.padEnd(28)} ${String(n).padStart(9)}  (${((performance.now() - since) / 1000).toFixed(1)} s)`);
try {
  await migrateToLatest(db);
  const existing = await holdsRealData(db);
  if (existing && !values.force) {
    console.error(
      `La base de datos ya tiene datos (${existing}): seed:years solo es para una base de datos vacía y desechable (o --force).`,
    );
    process.exit(2);
  }
  await seedCatalogue(db, { today: new Date().toISOString().slice(0, 10) });
  await seedSalon(db);
  const rng = seededRandom(Number(values.seed) >>> 0);
  const services = await db
    .selectFrom("services")
    .select(["id", "name", "duration_min", "buffer_min", "price_cents", "price_from", "deposit_cents"])
    .where("active", "=", 1)
    .orderBy("sort_order")
    .execute();
  const professionals = (
    await db.selectFrom("professionals").select("id").where("active", "=", 1).orderBy("sort_order").execute()
  ).map((p) => p.id);
  const courses = await db.selectFrom("courses").select(["id", "title", "price_cents", "vat_treatment"]).execute();
  const staff = { id: "seed-staff-reception", email: "recepcion@alejandranails.example" };
  await db
    .insertInto("users")
    .values({
      id: staff.id,
      email: staff.email,
      password_hash: null,
      google_sub: null,
      display_name: "Recepción",
      first_name: "Recepción",
      last_name: "Salón",
      phone: "",
      created_at: new Date().toISOString(),
      last_login_at: null,
      email_verified_at: null,
      role: "staff",
      role_changed_at: null,
      billing_name: null,
      billing_tax_id: null,
      billing_address: null,
      billing_postal_code: null,
      billing_city: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  // The seller data the invoices state, so the panel does not ask for it.
  const seller = { ...SCALE_SELLER, registry: "", seriesPrefix: "AN" };
  await db
    .insertInto("salon_settings")
    .values({ key: "seller", value: JSON.stringify(seller), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();

  let t = performance.now();
  const plan = planSalon({ rng, now: new Date(), years, scale, services, professionals, courses, staff });
  lap("plan (in memory)", plan.events.length, t);
  const write = async (what: string, run: () => Promise<number>) => {
    const since = performance.now();
    lap(what, await run(), since);
  };
  await write("users (client accounts)", () => insertAll(db, "users", plan.users));
  await write("course_editions (past)", () => insertAll(db, "course_editions", plan.editions));
  await write("appointments", () => insertAll(db, "appointments", plan.appointments));
  await write("appointment_services", () => insertAll(db, "appointment_services", plan.appointmentServices));
  await write("appointment_slots", () => insertAll(db, "appointment_slots", plan.slots(), { batch: 5000, perTx: 20 }));
  await write("orders", () => insertAll(db, "orders", plan.orders));
  await write("order_items", () => insertAll(db, "order_items", plan.items));
  await write("enrollments", () => insertAll(db, "enrollments", plan.enrollments));
  await write("refunds", () => insertAll(db, "refunds", plan.refunds));
  await write("audit_log", () => insertAll(db, "audit_log", plan.audit));
  t = performance.now();
  const vat = new Map(
    courses.map((c) => [c.id, c.vat_treatment === "exempt" ? ("exempt" as const) : ("standard" as const)]),
  );
  let n = 0;
  const issued = await issueAll(db, plan.events, () => `seed-inv-${String(++n).padStart(7, "0")}`, vat);
  lap("invoices (F1/F2)", issued.invoices, t);
  lap("rectificativas (R4/R5)", issued.rectificativas, t);
  lap("billing_records", issued.records, t);
  // PostgreSQL's autovacuum would have analysed a salon's tables long ago; SQLite has no such thing.
  if (kind === "postgres") await sql`analyze`.execute(db);
  const statuses = Map.groupBy(plan.appointments, (a) => a.status);
  console.log(
    `Creado: ${plan.clients} clientas (${plan.users.length} con cuenta), ${plan.appointments.length} citas ` +
      `(${[...statuses].map(([s, a]) => `${s} ${a.length}`).join(", ")}), ${plan.orders.length} pedidos, ` +
      `${plan.refunds.length} reembolsos, ${issued.invoices + issued.rectificativas} facturas ` +
      `(${issued.rectificativas} rectificativas), ${plan.audit.length} entradas de auditoría ` +
      `en ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );
} finally {
  await db.destroy();
}

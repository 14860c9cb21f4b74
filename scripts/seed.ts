// `npm run seed`: brings the database named by the configuration (DATABASE_URL,
// or DATA_DIR/salon.db — read exactly as the server reads it) up to date and
// inserts the starting catalogue (app/db/seed.server.ts). Idempotent: a second
// run, or a run on a salon's live database, adds nothing and changes nothing
// the salon edited. Exit code 1 with one line when the configuration is wrong.
// `--seats=N` gives every edition it adds N seats (the benchmarks' databases: they
// buy far more places than a class holds); never for a salon's database.
import path from "node:path";
import { parseArgs } from "node:util";
import { registerAppAlias } from "./lib/app-alias.ts";

// The app imports "~/…" (Vite alias); teach Node the same mapping before loading it.
registerAppAlias(path.resolve(import.meta.dirname, ".."));

const { ConfigError, loadConfig } = await import("../app/config.server.ts");
const { createDb, dbKindOf, migrateToLatest } = await import("../app/db/db.server.ts");
const { seedCatalogue } = await import("../app/db/seed.server.ts");
const { seedSalon } = await import("../app/db/seed-salon.server.ts");
const { todayInMadrid } = await import("../app/catalogue/queries.server.ts");

const seatsArg = parseArgs({ options: { seats: { type: "string" } }, strict: true }).values.seats;
const seats = seatsArg === undefined ? undefined : Number(seatsArg);
if (seats !== undefined && !(Number.isInteger(seats) && seats > 0)) {
  console.error(`--seats debe ser un número entero positivo (recibido: ${seatsArg})`);
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

const db = createDb(config.databaseUrl);
try {
  await migrateToLatest(db);
  const today = todayInMadrid();
  const { coursesInserted, editionsInserted } = await seedCatalogue(db, { today, seats });
  const where = dbKindOf(config.databaseUrl) === "sqlite" ? "SQLite" : "PostgreSQL";
  console.log(
    `Catálogo inicial (${where}, ${today}): ${coursesInserted} cursos y ${editionsInserted} convocatorias añadidos / seed: ${coursesInserted} courses, ${editionsInserted} editions added.`,
  );
  const { servicesInserted, professionalsInserted } = await seedSalon(db);
  console.log(
    `Salón: ${servicesInserted} servicios y ${professionalsInserted} profesionales añadidos / seed: ${servicesInserted} services, ${professionalsInserted} professionals added.`,
  );
} finally {
  await db.destroy();
}

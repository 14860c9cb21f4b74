// `npm run gestion:invitar -- --email ana@example.com --role owner` (or `--role staff`)
//
// Run on the server to let the first owner in — there are no default
// credentials — or anyone else when no owner can sign in. It loads the
// configuration as the server does (DATA_DIR, DATABASE_URL, PUBLIC_URL…), brings
// the database up to date, stores a one-time invitation (its hash only) with an
// audit entry by "cli", and prints the activation link, valid 24 hours. Nothing
// is emailed: hand the link over yourself. Exit code 2 on bad arguments, 1 on
// any other failure.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { registerAppAlias } from "./lib/app-alias.ts";

const USAGE = "Uso: npm run gestion:invitar -- --email <correo> --role owner|staff";

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let args: { email?: string; role?: string };
try {
  args = parseArgs({ options: { email: { type: "string" }, role: { type: "string" } }, strict: true }).values;
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
}

registerAppAlias(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const { loadConfig, ConfigError } = await import("~/config.server.ts");
const { forgotSchema } = await import("~/auth/schemas.ts");
const { createDb, inTransaction, migrateToLatest } = await import("~/db/db.server.ts");
const { activationLink, asStaffRole, createInvitation } = await import("~/staff/auth/invitations.server.ts");

const email = forgotSchema.safeParse({ email: args.email ?? "" });
if (!email.success) fail(`Correo no válido: ${email.error.issues[0]?.message ?? ""}\n${USAGE}`, 2);
const role = asStaffRole(args.role);
if (!role) fail(`Rol no válido: usa --role owner o --role staff.\n${USAGE}`, 2);

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err), 1);
}

const db = createDb(config.databaseUrl);
try {
  await migrateToLatest(db);
  const { token, expiresAt } = await inTransaction(db, (trx) =>
    createInvitation(trx, { id: null, email: "cli" }, { email: email.data.email, role }),
  );
  const until = new Intl.DateTimeFormat("es-ES", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Madrid",
  }).format(new Date(expiresAt));
  console.log(`Invitación creada para ${email.data.email} (${role === "owner" ? "propietaria" : "equipo"}).`);
  console.log(`Enlace de activación (un solo uso, caduca el ${until}):`);
  console.log(activationLink(config.publicUrl, token));
} catch (err) {
  console.error(`No se ha podido crear la invitación: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

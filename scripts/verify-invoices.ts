// `npm run facturas:verificar`: walks the chain of billing records (registros
// de facturación) and reports the first broken link — a missing record, a
// record whose data no longer gives its huella, a huella that does not chain to
// the previous one, an invoice that no longer says what its record says, an
// invoice without a record, or a demo sale's document inside the chain. Demo
// documents (app/invoices/series.ts) are outside the chain and only counted.
// It also lists every record whose stored XML (billing_records.xml) no longer
// says what its columns say, naming the fields.
// Loads the configuration as the server does (DATA_DIR, DATABASE_URL). Exit
// code 0 when the chain holds, 3 when it is broken or an XML differs, 1 on any
// other failure.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { registerAppAlias } from "./lib/app-alias.ts";

registerAppAlias(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const { loadConfig, ConfigError } = await import("~/config.server.ts");
const { createDb, migrateToLatest } = await import("~/db/db.server.ts");
const { verifyBillingChain } = await import("~/invoices/verify.server.ts");

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
const db = createDb(config.databaseUrl);
try {
  await migrateToLatest(db);
  const report = await verifyBillingChain(db);
  for (const m of report.xmlMismatches) {
    console.error(
      `El XML del registro ${m.position} (factura ${m.invoiceNumber}) no dice lo que dice el registro: ${m.fields.join(", ")}.`,
    );
  }
  if (report.xmlMismatches.length > 0) process.exitCode = 3;
  if (!report.broken) {
    console.log(`Cadena de registros de facturación correcta: ${report.records} registros verificados.`);
    if (report.xmlMismatches.length > 0) {
      console.error(`${report.xmlMismatches.length} registros con un XML que no coincide con sus datos.`);
    }
    if (report.demoDocuments > 0) {
      console.log(
        `${report.demoDocuments} documentos de demostración (sin validez fiscal) fuera de la cadena: no se verifican.`,
      );
    }
  } else {
    const b = report.broken;
    const where = b.position === null ? "Cadena incompleta" : `Cadena rota en el registro ${b.position}`;
    console.error(`${where}${b.invoiceNumber ? ` (factura ${b.invoiceNumber})` : ""}: ${b.detail}.`);
    console.error(`Registros correctos antes de él: ${report.records}.`);
    process.exitCode = 3;
  }
} catch (err) {
  console.error(`No se pudo verificar la cadena: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

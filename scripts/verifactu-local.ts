// `npm run verifactu:local [-- --port 4443]`: starts the local stand-in of the
// AEAT's VERI*FACTU web service (scripts/aeat-standin/) for a demo, with test
// certificates made in DATA_DIR/aeat-standin (./data/aeat-standin by default,
// reused when present), and prints the environment that starts the site
// against it. Runs until Ctrl+C. Offline: no request ever leaves the machine.
import path from "node:path";
import { parseArgs } from "node:util";
import { makeTestPki } from "./aeat-standin/certs.ts";
import { startAeatStandIn } from "./aeat-standin/server.ts";

const { values } = parseArgs({
  options: { port: { type: "string", default: "4443" }, host: { type: "string", default: "127.0.0.1" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port no válido: ${values.port}`);
  process.exit(1);
}

const dir = path.resolve(process.env.DATA_DIR || "./data", "aeat-standin");
const pki = makeTestPki(dir);
const standIn = await startAeatStandIn({
  port,
  host: values.host,
  key: pki.serverKeyPem,
  cert: pki.serverCertPem,
  ca: pki.caPem,
});

/** A value as the shell reads it back. */
const sh = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`);

console.log(`Simulador del servicio VERI*FACTU de la AEAT escuchando en ${standIn.url}`);
console.log("Certificados de prueba en", dir);
console.log("Arranca la web contra él con:\n");
console.log(
  [
    "VERIFACTU_MODE=verifactu-test",
    `VERIFACTU_ENDPOINT=${sh(standIn.url)}`,
    `VERIFACTU_CERT_P12=${sh(pki.clientP12Path)}`,
    `VERIFACTU_CERT_PASSWORD=${sh(pki.clientP12Password)}`,
    `NODE_EXTRA_CA_CERTS=${sh(pki.caPath)}`,
  ].join(" "),
);
console.log("\nCada envío recibido se resume aquí. Ctrl+C para parar.");

let seen = 0;
const timer = setInterval(() => {
  for (const request of standIn.requests.slice(seen)) {
    const what = request.valid
      ? `${request.recordCount} registros: ${request.records.map((r) => r.numSerie).join(", ")}`
      : `rechazado por el esquema: ${request.errors[0] ?? ""}`;
    console.log(`${new Date(request.at).toISOString()} ${what}`);
  }
  seen = standIn.requests.length;
}, 500);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    clearInterval(timer);
    void standIn.close().then(() => process.exit(0));
  });
}

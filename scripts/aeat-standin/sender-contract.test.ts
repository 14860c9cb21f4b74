/**
 * The app's own AEAT client (app/invoices/aeat/: certificate loading, HTTPS
 * transport, request envelope, answer parser) against the stand-in, over
 * mutual TLS with the test PKI. The stand-in's CA is added to Node's default
 * store here, as NODE_EXTRA_CA_CERTS does for `npm run verifactu:local`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadClientCertificate } from "~/invoices/aeat/certificate.server.ts";
import { httpsTransport } from "~/invoices/aeat/client.server.ts";
import { parseAnswer, requestEnvelope } from "~/invoices/aeat/soap.ts";
import { makeTestPki, type TestPki } from "./certs.ts";
import { chainedRecords, SELLER } from "./fixtures.ts";
import { startAeatStandIn, type AeatStandIn } from "./server.ts";

let dir: string;
let pki: TestPki;
let standIn: AeatStandIn;
const defaultCas = tls.getCACertificates("default");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aeat-contract-"));
  pki = makeTestPki(dir);
  tls.setDefaultCACertificates([...defaultCas, pki.caPem]);
  standIn = await startAeatStandIn({
    key: pki.serverKeyPem,
    cert: pki.serverCertPem,
    ca: pki.caPem,
    tiempoEsperaEnvio: 30,
  });
});

afterAll(async () => {
  tls.setDefaultCACertificates(defaultCas);
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the app's AEAT client against the stand-in", () => {
  it("sends records the schema accepts and reads the answers, duplicates and faults", async () => {
    const certificate = loadClientCertificate(pki.clientP12Path, pki.clientP12Password);
    const send = httpsTransport({ endpoint: standIn.url, certificate, timeoutMs: 10_000 });
    const records = chainedRecords(["F1", "F2", "R4"]);
    const envelope = requestEnvelope(
      SELLER,
      records.map((r) => r.xml),
    );

    const first = await send(envelope);
    expect(first.status).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({ valid: true, recordCount: 3 });
    const answer = parseAnswer(first.body);
    expect(answer).toMatchObject({ kind: "answer", state: "Correcto", waitSeconds: 30 });
    expect(answer.kind === "answer" && answer.lines.map((l) => [l.invoiceNumber, l.state])).toEqual(
      records.map((r) => [r.numSerie, "Correcto"]),
    );

    const again = parseAnswer((await send(envelope)).body);
    expect(again.kind === "answer" && again.lines.map((l) => [l.code, l.duplicate?.state])).toEqual(
      records.map(() => ["3000", "Correcta"]),
    );

    standIn.failNext(1, "503");
    expect((await send(envelope)).status).toBe(503);
    const fault = await send(envelope.replace("<sum1:TipoFactura>F1", "<sum1:TipoFactura>F9"));
    expect(fault.status).toBe(500);
    expect(parseAnswer(fault.body)).toMatchObject({ kind: "fault", code: "env:Client" });
  });

  it("refuses to load the expired client certificate", () => {
    expect(() => loadClientCertificate(pki.expiredClientP12Path, pki.clientP12Password)).toThrow();
  });
});

import { readFileSync } from "node:fs";
import { request } from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestPki, type TestPki } from "./certs.ts";
import { chainedRecords, SELLER, soapRequest } from "./fixtures.ts";
import { CHAIN_CODE, DUPLICATE_CODE, RECHAZO_PREVIO_CODE, startAeatStandIn, type AeatStandIn } from "./server.ts";
import { validateEnvelope } from "./validate.ts";
import { find, parseXml, textAt, type XmlElement } from "./xml.ts";

interface Reply {
  status: number;
  body: string;
}

let dir: string;
let pki: TestPki;
let standIn: AeatStandIn;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aeat-standin-"));
  pki = makeTestPki(dir);
  standIn = await startAeatStandIn({
    key: pki.serverKeyPem,
    cert: pki.serverCertPem,
    ca: pki.caPem,
    tiempoEsperaEnvio: 60,
  });
});

afterAll(async () => {
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

function post(
  body: string,
  client: { pfx?: Buffer; passphrase?: string } = {
    pfx: readFileSync(pki.clientP12Path),
    passphrase: pki.clientP12Password,
  },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      standIn.url,
      {
        method: "POST",
        ca: pki.caPem,
        agent: false,
        ...client,
        headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: "" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function answer(reply: Reply): XmlElement {
  const respuesta = find(parseXml(reply.body), "Body", "RespuestaRegFactuSistemaFacturacion");
  if (!respuesta) throw new Error(`no answer in ${reply.body}`);
  return respuesta;
}

const lines = (respuesta: XmlElement) => respuesta.children.filter((c) => c.name === "RespuestaLinea");

describe("AEAT stand-in", () => {
  it("refuses at TLS a client without a certificate, and one whose certificate has expired", async () => {
    await expect(post(soapRequest(chainedRecords(["F2"], 900)), {})).rejects.toThrow();
    const expired = { pfx: readFileSync(pki.expiredClientP12Path), passphrase: pki.clientP12Password };
    await expect(post(soapRequest(chainedRecords(["F2"], 901)), expired)).rejects.toThrow();
    expect(standIn.requests).toHaveLength(0);
  });

  it("accepts a valid 2-record request with the client certificate and answers per RespuestaSuministro.xsd", async () => {
    const records = chainedRecords(["F2", "F1"]);
    const reply = await post(soapRequest(records));
    expect(reply.status).toBe(200);
    expect(await validateEnvelope(reply.body, "RespuestaSuministro")).toEqual({ valid: true, errors: [] });
    const respuesta = answer(reply);
    expect(textAt(respuesta, "CSV")).toMatch(/^A-[0-9A-F]{16}$/);
    expect(textAt(respuesta, "Cabecera", "ObligadoEmision", "NIF")).toBe(SELLER.nif);
    expect(textAt(respuesta, "TiempoEsperaEnvio")).toBe("60");
    expect(textAt(respuesta, "EstadoEnvio")).toBe("Correcto");
    expect(
      lines(respuesta).map((l) => [
        textAt(l, "IDFactura", "NumSerieFactura"),
        textAt(l, "Operacion", "TipoOperacion"),
        textAt(l, "EstadoRegistro"),
      ]),
    ).toEqual([
      [records[0].numSerie, "Alta", "Correcto"],
      [records[1].numSerie, "Alta", "Correcto"],
    ]);
    const last = standIn.requests.at(-1);
    expect(last).toMatchObject({ recordCount: 2, valid: true, errors: [] });
    expect(last?.records.map((r) => r.huellaAnterior)).toEqual([null, records[0].huella]);
    expect(standIn.accepted().get(`${SELLER.nif}|${records[1].numSerie}|${records[1].fecha}`)).toEqual({
      huella: records[1].huella,
    });
  });

  it("answers a record sent again as a duplicate (3000) with a RegistroDuplicado block", async () => {
    const [first, second] = chainedRecords(["F2", "F1"]);
    const reply = await post(soapRequest([second]));
    expect(reply.status).toBe(200);
    expect((await validateEnvelope(reply.body, "RespuestaSuministro")).valid).toBe(true);
    const respuesta = answer(reply);
    expect(textAt(respuesta, "EstadoEnvio")).toBe("Incorrecto");
    const [line] = lines(respuesta);
    expect(textAt(line, "EstadoRegistro")).toBe("Incorrecto");
    expect(textAt(line, "CodigoErrorRegistro")).toBe(String(DUPLICATE_CODE));
    expect(textAt(line, "DescripcionErrorRegistro")).toBe("Registro de facturación duplicado.");
    expect(textAt(line, "RegistroDuplicado", "EstadoRegistroDuplicado")).toBe("Correcta");
    expect(first.numSerie).not.toBe(second.numSerie);
  });

  it("accepts with errors a record that does not chain to the last one accepted", async () => {
    const [, , third] = chainedRecords(["F2", "F1", "R5"]);
    const unchained = chainedRecords(["R4"], 4, {
      numSerie: "AN2026-000099",
      fecha: "01-11-2026",
      huella: "A".repeat(64),
    });
    const reply = await post(soapRequest([third, ...unchained]));
    const respuesta = answer(reply);
    expect((await validateEnvelope(reply.body, "RespuestaSuministro")).valid).toBe(true);
    expect(textAt(respuesta, "EstadoEnvio")).toBe("ParcialmenteCorrecto");
    expect(lines(respuesta).map((l) => [textAt(l, "EstadoRegistro"), textAt(l, "CodigoErrorRegistro")])).toEqual([
      ["Correcto", ""],
      ["AceptadoConErrores", String(CHAIN_CODE)],
    ]);
  });

  it("fails on demand: two 503s, then a fault, a reset and records rejected, then success", async () => {
    standIn.failNext(2, "503");
    const records = chainedRecords(["F2"], 10, null);
    expect((await post(soapRequest(records))).status).toBe(503);
    expect((await post(soapRequest(records))).status).toBe(503);
    standIn.failNext(1, "fault");
    const fault = await post(soapRequest(records));
    expect(fault.status).toBe(500);
    expect(textAt(parseXml(fault.body), "Body", "Fault", "faultcode")).toBe("env:Server");
    standIn.failNext(1, "reset");
    await expect(post(soapRequest(records))).rejects.toThrow();
    standIn.rejectNext(1, 1100, "Valor o tipo incorrecto del campo: NIF.");
    const rejected = answer(await post(soapRequest(records)));
    expect([textAt(lines(rejected)[0], "EstadoRegistro"), textAt(lines(rejected)[0], "CodigoErrorRegistro")]).toEqual([
      "Incorrecto",
      "1100",
    ]);
    const ok = await post(soapRequest(chainedRecords(["F1"], 11, null)));
    expect(ok.status).toBe(200);
  });

  it("answers a request that breaks the schema with a SOAP Fault (Client, HTTP 500)", async () => {
    const [record] = chainedRecords(["F2"], 20);
    const broken = soapRequest([{ xml: record.xml.replace("<sum1:TipoFactura>F2", "<sum1:TipoFactura>F9") }]);
    const reply = await post(broken);
    expect(reply.status).toBe(500);
    const fault = find(parseXml(reply.body), "Body", "Fault");
    expect(fault && textAt(fault, "faultcode")).toBe("env:Client");
    expect(fault && textAt(fault, "faultstring")).toMatch(/esquema.*TipoFactura/);
    expect(standIn.requests.at(-1)).toMatchObject({ valid: false, recordCount: 1 });
  });

  it("accepts a subsanación after a rejection (Subsanacion and RechazoPrevio S) of an invoice it does not hold, once", async () => {
    const [rejected] = chainedRecords(["F1"], 40, null);
    standIn.rejectNext(1, 1100, "Valor o tipo incorrecto del campo: NIF.");
    const first = lines(answer(await post(soapRequest([rejected]))))[0];
    expect(textAt(first, "EstadoRegistro")).toBe("Incorrecto");
    const key = `${SELLER.nif}|${rejected.numSerie}|${rejected.fecha}`;
    expect(standIn.accepted().has(key)).toBe(false);
    // The same invoice again, marked, chained to the rejected record (its system chains every record it writes).
    const subsanacion = rejected.xml
      .replace(
        /(<\/sum1:NombreRazonEmisor>)/u,
        "$1<sum1:Subsanacion>S</sum1:Subsanacion><sum1:RechazoPrevio>S</sum1:RechazoPrevio>",
      )
      .replace(
        "<sum1:PrimerRegistro>S</sum1:PrimerRegistro>",
        `<sum1:RegistroAnterior><sum1:IDEmisorFactura>${SELLER.nif}</sum1:IDEmisorFactura><sum1:NumSerieFactura>${rejected.numSerie}</sum1:NumSerieFactura><sum1:FechaExpedicionFactura>${rejected.fecha}</sum1:FechaExpedicionFactura><sum1:Huella>${rejected.huella}</sum1:Huella></sum1:RegistroAnterior>`,
      )
      .replace(
        `<sum1:Huella>${rejected.huella}</sum1:Huella>\n</sum1:RegistroAlta>`,
        `<sum1:Huella>${"B".repeat(64)}</sum1:Huella>\n</sum1:RegistroAlta>`,
      );
    const reply = await post(soapRequest([{ xml: subsanacion }]));
    expect(reply.status).toBe(200);
    expect(standIn.requests.at(-1)?.records[0]).toMatchObject({ subsanacion: "S", rechazoPrevio: "S" });
    const [accepted] = lines(answer(reply));
    expect([textAt(accepted, "EstadoRegistro"), textAt(accepted, "CodigoErrorRegistro")]).toEqual(["Correcto", ""]);
    expect(standIn.accepted().get(key)).toEqual({ huella: "B".repeat(64) });
    // Held now: the same subsanación again is a duplicate, as a plain alta of it is.
    for (const xml of [subsanacion, rejected.xml]) {
      const [again] = lines(answer(await post(soapRequest([{ xml }]))));
      expect([textAt(again, "EstadoRegistro"), textAt(again, "CodigoErrorRegistro")]).toEqual([
        "Incorrecto",
        String(DUPLICATE_CODE),
      ]);
    }
  });

  it("refuses RechazoPrevio S without Subsanacion S", async () => {
    const [record] = chainedRecords(["F2"], 45, null);
    const xml = record.xml.replace(/(<\/sum1:NombreRazonEmisor>)/u, "$1<sum1:RechazoPrevio>S</sum1:RechazoPrevio>");
    const [line] = lines(answer(await post(soapRequest([{ xml }]))));
    expect([textAt(line, "EstadoRegistro"), textAt(line, "CodigoErrorRegistro")]).toEqual([
      "Incorrecto",
      String(RECHAZO_PREVIO_CODE),
    ]);
  });

  it("echoes the configured TiempoEsperaEnvio", async () => {
    standIn.setTiempoEsperaEnvio(5);
    const reply = await post(soapRequest(chainedRecords(["F2"], 30)));
    expect(textAt(answer(reply), "TiempoEsperaEnvio")).toBe("5");
    standIn.setTiempoEsperaEnvio(60);
  });
});

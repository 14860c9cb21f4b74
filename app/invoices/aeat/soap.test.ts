import { describe, expect, it } from "vitest";
import { chainedRecords, SELLER } from "../../../scripts/aeat-standin/fixtures.ts";
import { faultXml, respuestaXml } from "../../../scripts/aeat-standin/soap.ts";
import { validateEnvelope } from "../../../scripts/aeat-standin/validate.ts";
import { stateOfLine } from "./sender.server.ts";
import { DEFAULT_WAIT_SECONDS, parseAnswer, requestEnvelope } from "./soap.ts";

const header = {
  csv: "A-CSV123",
  presentador: SELLER.nif,
  timestamp: "2026-11-28T10:00:00+01:00",
  cabecera: { nombreRazon: SELLER.name, nif: SELLER.nif },
};

describe("requestEnvelope", () => {
  it("wraps stored RegistroAlta records as the AEAT's schema takes them", async () => {
    const records = chainedRecords(["F2", "F1", "R5"]);
    const envelope = requestEnvelope(
      { name: SELLER.name, nif: SELLER.nif },
      records.map((r) => r.xml),
    );
    const result = await validateEnvelope(envelope, "SuministroLR");
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(envelope.match(/<sum:RegistroFactura>/g)).toHaveLength(3);
  });

  it("escapes the legal name and refuses 0 or more than 1,000 records", async () => {
    const [record] = chainedRecords(["F2"]);
    const envelope = requestEnvelope({ name: "Uñas & Co <S.L.>", nif: SELLER.nif }, [record.xml]);
    expect(envelope).toContain("<sum1:NombreRazon>Uñas &amp; Co &lt;S.L.&gt;</sum1:NombreRazon>");
    expect((await validateEnvelope(envelope, "SuministroLR")).valid).toBe(true);
    expect(() => requestEnvelope(SELLER, [])).toThrow();
    expect(() => requestEnvelope(SELLER, Array(1001).fill(record.xml) as string[])).toThrow();
  });
});

describe("parseAnswer", () => {
  it("reads the state, the wait, the CSV and every line (accepted, with errors, rejected, duplicate)", async () => {
    const body = respuestaXml({
      ...header,
      tiempoEsperaEnvio: 75,
      lineas: [
        {
          id: { nif: SELLER.nif, numSerie: "AN2026-000001", fecha: "10-11-2026" },
          operacion: "Alta",
          estado: "Correcto",
        },
        {
          id: { nif: SELLER.nif, numSerie: "AN2026-000002", fecha: "11-11-2026" },
          operacion: "Alta",
          estado: "AceptadoConErrores",
          error: { codigo: 2004, descripcion: "El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual." },
        },
        {
          id: { nif: SELLER.nif, numSerie: "AN2026-000003", fecha: "12-11-2026" },
          operacion: "Alta",
          estado: "Incorrecto",
          error: { codigo: 1100, descripcion: "Valor o tipo incorrecto del campo: NIF" },
        },
        {
          id: { nif: SELLER.nif, numSerie: "AN2026-000004", fecha: "13-11-2026" },
          operacion: "Alta",
          estado: "Incorrecto",
          error: { codigo: 3000, descripcion: "Registro de facturación duplicado." },
          duplicado: { idPeticion: "202611281000", estado: "Correcta" },
        },
      ],
    });
    expect((await validateEnvelope(body, "RespuestaSuministro")).valid).toBe(true);
    const answer = parseAnswer(body);
    if (answer.kind !== "answer") throw new Error("expected an answer");
    expect(answer).toMatchObject({ state: "ParcialmenteCorrecto", waitSeconds: 75, csv: "A-CSV123" });
    expect(answer.lines.map((l) => [l.invoiceNumber, l.issueDate, l.state, l.code])).toEqual([
      ["AN2026-000001", "10-11-2026", "Correcto", null],
      ["AN2026-000002", "11-11-2026", "AceptadoConErrores", "2004"],
      ["AN2026-000003", "12-11-2026", "Incorrecto", "1100"],
      ["AN2026-000004", "13-11-2026", "Incorrecto", "3000"],
    ]);
    expect(answer.lines[2].description).toBe("Valor o tipo incorrecto del campo: NIF");
    expect(answer.lines[3].duplicate).toEqual({ state: "Correcta", requestId: "202611281000" });
    expect(answer.lines.map(stateOfLine)).toEqual(["accepted", "accepted-with-errors", "rejected", "accepted"]);
  });

  it("reads a single line as a list, and a missing wait as 60 s", () => {
    const body = respuestaXml({
      ...header,
      tiempoEsperaEnvio: 60,
      lineas: [
        {
          id: { nif: SELLER.nif, numSerie: "AN2026-000001", fecha: "10-11-2026" },
          operacion: "Alta",
          estado: "Correcto",
        },
      ],
    }).replace(/<tikR:TiempoEsperaEnvio>60<\/tikR:TiempoEsperaEnvio>/u, "");
    const answer = parseAnswer(body);
    expect(answer.kind === "answer" && answer.lines).toHaveLength(1);
    expect(answer.kind === "answer" && answer.waitSeconds).toBe(DEFAULT_WAIT_SECONDS);
  });

  it("reads a SOAP Fault, and throws on a body that is neither", () => {
    expect(parseAnswer(faultXml("Server", "Codigo[4102].El XML no cumple el esquema."))).toEqual({
      kind: "fault",
      code: "env:Server",
      message: "Codigo[4102].El XML no cumple el esquema.",
    });
    expect(() => parseAnswer("<html><body>Service Unavailable</body></html>")).toThrow();
    expect(() => parseAnswer("")).toThrow();
  });
});

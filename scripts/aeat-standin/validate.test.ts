import { describe, expect, it } from "vitest";
import { chainedRecords, regFactu, SELLER, soapRequest } from "./fixtures.ts";
import { respuestaXml } from "./soap.ts";
import { validateAgainstAeat, validateEnvelope } from "./validate.ts";

describe("validateAgainstAeat", () => {
  it("accepts the app's F1, F2, R4 and R5 records in a RegFactuSistemaFacturacion", async () => {
    const records = chainedRecords(["F2", "F1", "R5", "R4"]);
    const result = await validateAgainstAeat(regFactu(records), "SuministroLR");
    expect(result).toEqual({ valid: true, errors: [] });
    expect(await validateEnvelope(soapRequest(records), "SuministroLR")).toEqual({ valid: true, errors: [] });
  });

  it("refuses a broken record and names the problem", async () => {
    const [record] = chainedRecords(["F2"]);
    const broken = {
      xml: record.xml.replace("<sum1:TipoFactura>F2</sum1:TipoFactura>", "<sum1:TipoFactura>F9</sum1:TipoFactura>"),
    };
    const result = await validateAgainstAeat(regFactu([broken]), "SuministroLR");
    expect(result.valid).toBe(false);
    expect(result.errors.join("\n")).toMatch(/TipoFactura/);
    const missing = { xml: record.xml.replace(/\s*<sum1:Huella>[0-9A-F]+<\/sum1:Huella>/, "") };
    expect((await validateAgainstAeat(regFactu([missing]), "SuministroLR")).valid).toBe(false);
  });

  it("refuses an envelope whose body is not a RegFactuSistemaFacturacion, and XML that is not well-formed", async () => {
    const other = soapRequest(chainedRecords(["F2"])).replace(
      /RegFactuSistemaFacturacion/g,
      "ConsultaFactuSistemaFacturacion",
    );
    expect((await validateEnvelope(other, "SuministroLR")).valid).toBe(false);
    expect((await validateEnvelope("<soapenv:Envelope", "SuministroLR")).valid).toBe(false);
  });

  it("checks answers against RespuestaSuministro.xsd", async () => {
    const answer = respuestaXml({
      csv: "A-0123456789ABCDEF",
      presentador: SELLER.nif,
      timestamp: "2026-11-24T10:15:00+01:00",
      cabecera: { nombreRazon: SELLER.name, nif: SELLER.nif },
      tiempoEsperaEnvio: 60,
      lineas: [
        {
          id: { nif: SELLER.nif, numSerie: "AN2026-000001", fecha: "24-11-2026" },
          operacion: "Alta",
          estado: "Correcto",
        },
      ],
    });
    expect(await validateEnvelope(answer, "RespuestaSuministro")).toEqual({ valid: true, errors: [] });
    const wrong = answer.replace("<tikR:EstadoEnvio>Correcto", "<tikR:EstadoEnvio>Aceptado");
    expect((await validateEnvelope(wrong, "RespuestaSuministro")).valid).toBe(false);
    expect((await validateEnvelope(answer, "SuministroLR")).valid).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { invoiceLines, invoiceTotals, vatBreakdown } from "~/domain/invoice-math.ts";
import { recordXmlMismatches, type StoredRecordFields } from "./record-xml.ts";
import { registroAltaXml, type RegistroAltaInput } from "./verifactu-xml.ts";
import { aeatAmount, altaHashInput, huella, type AltaHashFields } from "./verifactu.ts";

const lines = invoiceLines([
  { description: "Curso de uñas acrílicas", detail: null, totalCents: 12_100, vatTreatment: "standard" },
]);
const totals = invoiceTotals(lines);

function input(previousHuella: string): RegistroAltaInput {
  const hash: AltaHashFields = {
    issuerNif: "89890001K",
    invoiceNumber: "AN2026-000002",
    issueDate: "24-11-2026",
    invoiceType: "F2",
    vatTotal: aeatAmount(totals.vatCents),
    amountTotal: aeatAmount(totals.totalCents),
    previousHuella,
    generatedAt: "2026-11-24T10:15:00+01:00",
  };
  return {
    hash,
    issuerName: "Alejandra Pérez García",
    description: "Curso de uñas acrílicas",
    buyer: null,
    rectified: null,
    breakdown: vatBreakdown(lines),
    previous: previousHuella
      ? { issuerNif: "89890001K", invoiceNumber: "AN2026-000001", issueDate: "23-11-2026" }
      : null,
    producer: { name: "Programas Ejemplo S.L.", nif: "B12345674" },
    system: { systemName: "Reservas Uñas", systemId: "RU", version: "2.3.1", installationNumber: "SALON-01" },
  };
}

function stored(i: RegistroAltaInput): StoredRecordFields {
  return { ...i.hash, huella: huella(altaHashInput(i.hash)) };
}

describe("the SistemaInformatico block", () => {
  it("names the configured producer and software, not the seller", () => {
    const xml = registroAltaXml(input(""));
    const block = /<sum1:SistemaInformatico>[\s\S]*<\/sum1:SistemaInformatico>/.exec(xml)?.[0] ?? "";
    expect(block).toContain("<sum1:NombreRazon>Programas Ejemplo S.L.</sum1:NombreRazon>");
    expect(block).toContain("<sum1:NIF>B12345674</sum1:NIF>");
    expect(block).toContain("<sum1:NombreSistemaInformatico>Reservas Uñas</sum1:NombreSistemaInformatico>");
    expect(block).toContain("<sum1:IdSistemaInformatico>RU</sum1:IdSistemaInformatico>");
    expect(block).toContain("<sum1:Version>2.3.1</sum1:Version>");
    expect(block).toContain("<sum1:NumeroInstalacion>SALON-01</sum1:NumeroInstalacion>");
    expect(block).not.toContain("89890001K");
  });
});

describe("recordXmlMismatches", () => {
  const prev = "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97";

  it("finds nothing when the XML says what the record says, first record or not", () => {
    for (const p of ["", prev]) {
      const i = input(p);
      expect(recordXmlMismatches(registroAltaXml(i), stored(i))).toEqual([]);
    }
  });

  it("names each field the XML no longer states as the record does", () => {
    const i = input(prev);
    const xml = registroAltaXml(i)
      .replace("<sum1:ImporteTotal>121.00<", "<sum1:ImporteTotal>12.10<")
      .replace("<sum1:NumSerieFactura>AN2026-000002<", "<sum1:NumSerieFactura>AN2026-000009<")
      .replace(`<sum1:Huella>${prev}<`, "<sum1:Huella>0000<");
    expect(recordXmlMismatches(xml, stored(i))).toEqual(["NumSerieFactura", "ImporteTotal", "RegistroAnterior/Huella"]);
    const record = { ...stored(i), generatedAt: "2026-11-24T10:16:00+01:00", invoiceType: "F1" as const };
    expect(recordXmlMismatches(registroAltaXml(i), record)).toEqual(["TipoFactura", "FechaHoraHusoGenRegistro"]);
  });

  it("a subsanación's XML must carry Subsanacion and RechazoPrevio S, and an ordinary record's neither", () => {
    const i = input(prev);
    const subsanacion = registroAltaXml({ ...i, subsanacion: true });
    expect(recordXmlMismatches(subsanacion, { ...stored(i), subsanacion: true })).toEqual([]);
    expect(recordXmlMismatches(subsanacion, stored(i))).toEqual(["Subsanacion/RechazoPrevio"]);
    expect(recordXmlMismatches(registroAltaXml(i), { ...stored(i), subsanacion: true })).toEqual([
      "Subsanacion/RechazoPrevio",
    ]);
    const halfMarked = subsanacion.replace("<sum1:RechazoPrevio>S<", "<sum1:RechazoPrevio>N<");
    expect(recordXmlMismatches(halfMarked, { ...stored(i), subsanacion: true })).toEqual(["Subsanacion/RechazoPrevio"]);
  });

  it("a first record must say PrimerRegistro, and anything else is no RegistroAlta", () => {
    const first = input("");
    expect(recordXmlMismatches(registroAltaXml(input(prev)), stored(first))).toContain("RegistroAnterior/Huella");
    expect(recordXmlMismatches("<a>", stored(first))).toEqual(["RegistroAlta"]);
    expect(recordXmlMismatches("not xml <<", stored(first))).toEqual(["RegistroAlta"]);
  });
});

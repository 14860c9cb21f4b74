/**
 * Billing records for the stand-in's tests, made by the app's own generator
 * (registroAltaXml) from the same fixtures as app/invoices/verifactu-xml.test.ts:
 * a chain of F2, F1, R5 and R4 records, and the SOAP request that carries them.
 * Test helper only (it goes through the "~" alias of vitest).
 */
import { invoiceLines, invoiceTotals, rectifyingLines, vatBreakdown } from "~/domain/invoice-math.ts";
import { registroAltaXml, type RegistroAltaInput } from "~/invoices/verifactu-xml.ts";
import { aeatAmount, aeatDate, altaHashInput, huella, madridTimestamp } from "~/invoices/verifactu.ts";
import { SOAP_ENV_NS, SUM1_NS, SUM_NS } from "./validate.ts";

export const SELLER = { name: "Alejandra Pérez García", nif: "89890001K" };
const PRODUCER = { name: "Alejandra Nails Estudio S.L.", nif: "B65410011" };
const BUYER = { name: 'Peluquería "Rosa" & Hijas <S.L.>', nif: "B12345674" };

export interface SampleRecord {
  xml: string;
  numSerie: string;
  fecha: string;
  huella: string;
}

type Kind = "F1" | "F2" | "R4" | "R5";

interface Link {
  numSerie: string;
  fecha: string;
  huella: string;
}

function input(kind: Kind, n: number, previous: Link | null): RegistroAltaInput {
  const rectifying = kind === "R4" || kind === "R5";
  const original = invoiceLines([
    { description: "Curso de uñas acrílicas", detail: null, totalCents: 12_100 + n * 100, vatTreatment: "standard" },
    { description: "Curso de manicura", detail: null, totalCents: 35_000, vatTreatment: "exempt" },
  ]);
  const lines = rectifying ? rectifyingLines(original, [{ index: 0, totalCents: original[0].totalCents }]) : original;
  const totals = invoiceTotals(lines);
  const issueDate = aeatDate(`2026-11-${String(10 + (n % 18)).padStart(2, "0")}`);
  const prefix = rectifying ? "ANR2026-" : "AN2026-";
  return {
    hash: {
      issuerNif: SELLER.nif,
      invoiceNumber: `${prefix}${String(n).padStart(6, "0")}`,
      issueDate,
      invoiceType: kind,
      vatTotal: aeatAmount(totals.vatCents),
      amountTotal: aeatAmount(totals.totalCents),
      previousHuella: previous?.huella ?? "",
      generatedAt: madridTimestamp(new Date(Date.UTC(2026, 10, 10, 9, n))),
    },
    issuerName: SELLER.name,
    description: rectifying ? "Devolución del curso de uñas acrílicas" : "Cursos de uñas",
    buyer: kind === "F1" || kind === "R4" ? BUYER : null,
    rectified: rectifying
      ? { issuerNif: SELLER.nif, invoiceNumber: `AN2026-${String(n).padStart(6, "0")}`, issueDate }
      : null,
    breakdown: vatBreakdown(lines),
    previous: previous ? { issuerNif: SELLER.nif, invoiceNumber: previous.numSerie, issueDate: previous.fecha } : null,
    producer: PRODUCER,
  };
}

/** `kinds.length` records chained after `previous` (null: the first of the chain), numbered from `from`. */
export function chainedRecords(kinds: readonly Kind[], from = 1, previous: Link | null = null): SampleRecord[] {
  const out: SampleRecord[] = [];
  let link = previous;
  kinds.forEach((kind, i) => {
    const data = input(kind, from + i, link);
    const record = {
      xml: registroAltaXml(data),
      numSerie: data.hash.invoiceNumber,
      fecha: data.hash.issueDate,
      huella: huella(altaHashInput(data.hash)),
    };
    out.push(record);
    link = record;
  });
  return out;
}

/** The <sum:RegFactuSistemaFacturacion> element with the records (each declares its sum1 namespace). */
export function regFactu(records: readonly { xml: string }[], obligado = SELLER): string {
  return [
    `<sum:RegFactuSistemaFacturacion xmlns:sum="${SUM_NS}" xmlns:sum1="${SUM1_NS}">`,
    `<sum:Cabecera><sum1:ObligadoEmision><sum1:NombreRazon>${obligado.name}</sum1:NombreRazon><sum1:NIF>${obligado.nif}</sum1:NIF></sum1:ObligadoEmision></sum:Cabecera>`,
    ...records.map((r) => `<sum:RegistroFactura>\n${r.xml}\n</sum:RegistroFactura>`),
    "</sum:RegFactuSistemaFacturacion>",
  ].join("\n");
}

/** The SOAP 1.1 request. */
export function soapRequest(records: readonly { xml: string }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Header/><soapenv:Body>\n${regFactu(records)}\n</soapenv:Body></soapenv:Envelope>`;
}

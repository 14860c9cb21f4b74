/**
 * The AEAT's VERI*FACTU record formats (Orden HAC/1177/2024): the text of the
 * amounts, dates and timestamps as hashed and sent, the chained hash
 * ("huella") of each billing record, and the verification URL the invoice's
 * QR code encodes. Pure. Server only (node:crypto): never import it from
 * browser code.
 *
 * Sources: "Detalle de las especificaciones técnicas para la generación de la
 * huella o hash de los registros de facturación" (v0.1.2) and "Características
 * del QR y especificaciones del servicio de cotejo o remisión de facturas".
 */
import { createHash } from "node:crypto";
import { madridOffsetMinutes } from "~/domain/calendar-dates.ts";

/**
 * "off": records kept and chained but not sent (a "no VERI*FACTU" system);
 * "verifactu-test": sent to the AEAT's test environment; "verifactu": sent to the AEAT.
 */
export const VERIFACTU_MODES = ["off", "verifactu-test", "verifactu"] as const;
export type VerifactuMode = (typeof VERIFACTU_MODES)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2024-01-01" → "01-01-2024", the AEAT's date format. */
export function aeatDate(isoDate: string): string {
  const m = ISO_DATE.exec(isoDate);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** Cents as the AEAT writes an amount: 1235 → "12.35", -1235 → "-12.35", 0 → "0.00", 127900 → "1279.00". */
export function aeatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${euros}.${rest}`;
}

/**
 * The instant as Madrid's clocks show it, ISO 8601 with the offset and no
 * milliseconds: "2024-01-01T19:20:30+01:00" (winter), "…+02:00" (summer).
 */
export function madridTimestamp(at: Date): string {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError("invalid date");
  const seconds = Math.floor(time / 1000) * 1000;
  const offsetMinutes = madridOffsetMinutes(new Date(seconds));
  const wall = new Date(seconds + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const sign = offsetMinutes < 0 ? "-" : "+";
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The fields of a registro de alta that enter its huella, as the strings hashed (and sent). */
export interface AltaHashFields {
  /** IDEmisorFactura: the seller's NIF. */
  issuerNif: string;
  /** NumSerieFactura: "AN2026-000001". */
  invoiceNumber: string;
  /** FechaExpedicionFactura, DD-MM-YYYY (aeatDate). */
  issueDate: string;
  /** TipoFactura. */
  invoiceType: "F1" | "F2" | "R4" | "R5";
  /** CuotaTotal (aeatAmount). */
  vatTotal: string;
  /** ImporteTotal (aeatAmount). */
  amountTotal: string;
  /** Huella of the previous record of the chain, "" for the first record. */
  previousHuella: string;
  /** FechaHoraHusoGenRegistro (madridTimestamp). */
  generatedAt: string;
}

/** The fields of a registro de anulación that enter its huella. */
interface AnulacionHashFields {
  /** IDEmisorFacturaAnulada. */
  issuerNif: string;
  /** NumSerieFacturaAnulada. */
  invoiceNumber: string;
  /** FechaExpedicionFacturaAnulada, DD-MM-YYYY. */
  issueDate: string;
  previousHuella: string;
  generatedAt: string;
}

/** "name=value" pairs joined by "&", each value trimmed; an empty value stays as "name=". */
function hashInput(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${name}=${value.trim()}`).join("&");
}

/** The text hashed for a registro de alta (section 5.1 of the hash specification). */
export function altaHashInput(f: AltaHashFields): string {
  return hashInput([
    ["IDEmisorFactura", f.issuerNif],
    ["NumSerieFactura", f.invoiceNumber],
    ["FechaExpedicionFactura", f.issueDate],
    ["TipoFactura", f.invoiceType],
    ["CuotaTotal", f.vatTotal],
    ["ImporteTotal", f.amountTotal],
    ["Huella", f.previousHuella],
    ["FechaHoraHusoGenRegistro", f.generatedAt],
  ]);
}

/** The text hashed for a registro de anulación (section 5.2 of the hash specification). */
export function anulacionHashInput(f: AnulacionHashFields): string {
  return hashInput([
    ["IDEmisorFacturaAnulada", f.issuerNif],
    ["NumSerieFacturaAnulada", f.invoiceNumber],
    ["FechaExpedicionFacturaAnulada", f.issueDate],
    ["Huella", f.previousHuella],
    ["FechaHoraHusoGenRegistro", f.generatedAt],
  ]);
}

/** The huella of a record: SHA-256 of the UTF-8 bytes of its hash input, 64 upper-case hex digits (TipoHuella 01). */
export function huella(input: string): string {
  return createHash("sha256").update(input, "utf8").digest("hex").toUpperCase();
}

const QR_BASES: Record<VerifactuMode, string> = {
  verifactu: "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR",
  "verifactu-test": "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR",
  off: "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu",
};

/**
 * The URL the invoice's QR code encodes, where the buyer can check the invoice
 * with the AEAT: "…/ValidarQR?nif=…&numserie=…&fecha=DD-MM-YYYY&importe=123.45",
 * each value percent-encoded ("&" → %26, "/" → %2F), importe the total VAT included.
 */
export function verificationUrl(input: {
  mode: VerifactuMode;
  nif: string;
  invoiceNumber: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  totalCents: number;
}): string {
  const query = [
    ["nif", input.nif],
    ["numserie", input.invoiceNumber],
    ["fecha", aeatDate(input.issueDate)],
    ["importe", aeatAmount(input.totalCents)],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `${QR_BASES[input.mode]}?${query}`;
}

/**
 * The professionals' commission on what they sell at the counter (issue 35).
 * Pure: the rule the figures apply and the owner's "Comisión (%)" field.
 *
 * The rate: a service's own rate (services.commission_bp) wins over the
 * professional's (professionals.commission_bp); with neither, 0. A line with
 * no professional earns no one a commission. The base: the line's net (after
 * its discounts and its share of the sale's) WITHOUT VAT, base = net ÷ (1 +
 * VAT rate), to the cent as the invoice takes it out (splitVatIncluded).
 */
import { splitVatIncluded } from "~/domain/invoice-math.ts";
import type { CounterLineKind } from "./sale-math.ts";

/** Basis points: 1000 = 10 %. */
export const MAX_COMMISSION_BP = 10_000;

export interface CommissionRates {
  /** Each professional's own rate, basis points (null: none set). */
  professionals: ReadonlyMap<string, number | null>;
  /** Each service's own rate, basis points (null: the professional's applies). */
  services: ReadonlyMap<string, number | null>;
}

export interface CommissionLine {
  kind: CounterLineKind;
  professionalId: string | null;
  serviceId: string | null;
}

/** The rate that applies to a line, basis points. */
export function commissionRateBp(line: CommissionLine, rates: CommissionRates): number {
  if (!line.professionalId) return 0;
  const serviceRate = line.kind === "service" && line.serviceId ? rates.services.get(line.serviceId) : null;
  return serviceRate ?? rates.professionals.get(line.professionalId) ?? 0;
}

/** A VAT-included net's base (a 0 rate: all base). Negative for a return. */
export function baseOfNet(netCents: number, vatRateBp: number): number {
  return vatRateBp > 0 ? splitVatIncluded(netCents, "standard", vatRateBp).baseCents : netCents;
}

/** base × rate, rounded half away from zero to the cent (a return's negative base gives the negative). */
export function commissionCents(baseCents: number, rateBp: number): number {
  const exact = (Math.abs(baseCents) * rateBp) / 10_000;
  const rounded = Math.round(exact);
  return baseCents < 0 ? -rounded : rounded;
}

// — the owner's field —

/** The field's name in the professional's and the service's forms. */
export const COMMISSION_FIELD = "comision";

export const COMMISSION_ERROR =
  "Escribe un porcentaje entre 0 y 100, con dos decimales como mucho (por ejemplo 12,5), o déjalo vacío";

const PERCENT = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/u;

/** "12,5" → 1250; "" → null (none); not a percentage from 0 to 100 with up to two decimals → undefined. */
export function parseCommissionPercent(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const m = PERCENT.exec(trimmed);
  if (!m) return undefined;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return bp <= MAX_COMMISSION_BP ? bp : undefined;
}

/** 1250 → "12,5"; 1000 → "10"; 1205 → "12,05"; null → "" (the field's value). */
export function commissionPercentText(bp: number | null): string {
  if (bp === null) return "";
  const cents = bp % 100;
  const whole = String(Math.floor(bp / 100));
  return cents === 0 ? whole : `${whole},${String(cents).padStart(2, "0").replace(/0$/u, "")}`;
}

export type CommissionPost =
  /** Save this rate (null: none), or leave it as stored (undefined: the field was not in the form). */
  | { ok: true; bp: number | null | undefined }
  | { ok: false; error: string }
  /** Someone other than the owner sent the field. */
  | { ok: false; forbidden: true };

/**
 * The commission a posted form asks for. Only the owner sets it: her form
 * has the field; a form from anyone else has none, and one that has it was
 * forged (refused, 403, by the caller).
 */
export function commissionOfPost(values: Readonly<Record<string, string>>, isOwner: boolean): CommissionPost {
  if (!Object.hasOwn(values, COMMISSION_FIELD)) return { ok: true, bp: undefined };
  if (!isOwner) return { ok: false, forbidden: true };
  const bp = parseCommissionPercent(values[COMMISSION_FIELD] ?? "");
  return bp === undefined ? { ok: false, error: COMMISSION_ERROR } : { ok: true, bp };
}

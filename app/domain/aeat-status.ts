/**
 * What Gestión says about the sending of each billing record to the AEAT
 * (VERI*FACTU, app/invoices/aeat/): a Spanish label per state, whether the
 * staff must look at it, and the notice of the sending mode. Pure.
 */

/** A record's stored answer (billing_record_status); null: no status row, written while VERIFACTU_MODE=off. */
export interface AeatStatus {
  /** pending | accepted | accepted-with-errors | rejected | corrected (rejected, then subsanado) */
  state: string;
  code: string | null;
  description: string | null;
  /** When the last request with it left (null: never sent yet). */
  sentAt: string | null;
  /** The record's position in the chain (what a subsanación names). */
  position?: number;
  /** When this record is a subsanación: the rejected record it corrects, with the AEAT's answer to it. */
  corrects?: { position: number; code: string | null; description: string | null } | null;
}

export type AeatTone = "neutral" | "ok" | "warning" | "error";

/** A record waiting longer than this is worth a warning on the panel. */
export const AEAT_STALE_MS = 60 * 60 * 1000;

/**
 * The label of a record's state. A pending record already sent once (its
 * request failed: a network error, an HTTP error, a Fault) is "Enviado": it
 * waits for the retry.
 */
export function aeatStatusLabel(status: AeatStatus | null): { label: string; tone: AeatTone } {
  if (!status) return { label: "No enviado (modo desarrollo)", tone: "neutral" };
  switch (status.state) {
    case "pending":
      return status.sentAt ? { label: "Enviado", tone: "neutral" } : { label: "Pendiente", tone: "neutral" };
    case "sent":
      return { label: "Enviado", tone: "neutral" };
    case "accepted":
      return { label: "Aceptado", tone: "ok" };
    case "accepted-with-errors":
      return { label: "Aceptado con errores", tone: "warning" };
    case "rejected":
      return { label: "Rechazado", tone: "error" };
    case "corrected":
      return { label: "Subsanado", tone: "neutral" };
    default:
      return { label: status.state, tone: "neutral" };
  }
}

/** The AEAT's message worth showing: on an acceptance with errors and on a rejection (an accepted duplicate's code is no news). */
export function aeatMessage(status: AeatStatus | null): string | null {
  if (!status || (status.state !== "rejected" && status.state !== "accepted-with-errors")) return null;
  const text = [status.code, status.description].filter(Boolean).join(": ");
  return text || null;
}

/** The banner on Facturas for each VERIFACTU_MODE. */
export function aeatModeNotice(mode: string): { text: string; tone: "warning" | "info" } {
  if (mode === "verifactu") {
    return {
      text: "Los registros de facturación se envían a la AEAT (VERI*FACTU, entorno de producción).",
      tone: "info",
    };
  }
  if (mode === "verifactu-test") {
    return {
      text: "Los registros de facturación se envían al entorno de pruebas de la AEAT (VERIFACTU_MODE=verifactu-test): no tienen efectos fiscales.",
      tone: "warning",
    };
  }
  return {
    text: "El envío a la AEAT está desactivado (VERIFACTU_MODE=off): los registros no se envían. Solo para desarrollo.",
    tone: "warning",
  };
}

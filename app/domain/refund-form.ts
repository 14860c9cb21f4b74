/**
 * The staff's refund form (/gestion/pedidos/:orderId/reembolsar): amount in
 * euros, a reason and, for "Otro motivo", a note. Pure: the server validates
 * each step (review and confirmation) with `refundFormSchema(availableCents)`,
 * where the limit is what is left to refund (total − refunded − pending); the
 * transaction checks it again under the order's lock.
 */
import { z } from "../lib/zod.ts";
import { centsToEurosInput, parseEuros } from "./euros.ts";
import { formatEuros } from "./pricing.ts";

export const STAFF_REFUND_REASONS = ["customer-request", "edition-cancelled", "withdrawal", "staff"] as const;
export type StaffRefundReason = (typeof STAFF_REFUND_REASONS)[number];

export const STAFF_REFUND_REASON_LABELS: Record<StaffRefundReason, string> = {
  "customer-request": "A petición de la alumna",
  "edition-cancelled": "Convocatoria cancelada",
  withdrawal: "Desistimiento de la alumna (parte no impartida)",
  staff: "Otro motivo (explícalo en la nota)",
};

export const REFUND_NOTE_MAX = 500;

export const REFUND_FORM_MESSAGES = {
  zero: "El importe debe ser mayor que 0 €",
  reason: "Elige el motivo del reembolso",
  noteRequired: "Explica el motivo en la nota",
  noteTooLong: `La nota admite como mucho ${REFUND_NOTE_MAX} caracteres`,
  nothingLeft: "Este pedido ya no tiene nada por reembolsar",
} as const;

/** "Como máximo puedes reembolsar 130,00 €" (what is left). */
export function overRefundMessage(availableCents: number): string {
  return availableCents > 0
    ? `El importe supera lo que queda por reembolsar: como máximo ${formatEuros(availableCents)}`
    : REFUND_FORM_MESSAGES.nothingLeft;
}

function isStaffRefundReason(value: string): value is StaffRefundReason {
  return (STAFF_REFUND_REASONS as readonly string[]).includes(value);
}

/** Control characters (tabs too) become spaces, runs of spaces collapse, line breaks stay; trimmed. */
function cleanNote(value: string): string {
  return value
    .replace(/\r\n?/gu, "\n")
    .replace(/[^\P{Cc}\n]/gu, " ")
    .replace(/ {2,}/gu, " ")
    .trim();
}

export function refundFormSchema(availableCents: number) {
  return z
    .object({
      amount: z.string({ error: "Escribe un importe en euros" }).transform((value, ctx) => {
        const parsed = parseEuros(value);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        if (parsed.cents <= 0) {
          ctx.addIssue({ code: "custom", message: REFUND_FORM_MESSAGES.zero });
          return z.NEVER;
        }
        if (parsed.cents > availableCents) {
          ctx.addIssue({ code: "custom", message: overRefundMessage(availableCents) });
          return z.NEVER;
        }
        return parsed.cents;
      }),
      reason: z
        .string({ error: REFUND_FORM_MESSAGES.reason })
        .refine(isStaffRefundReason, REFUND_FORM_MESSAGES.reason)
        .transform((r) => r as StaffRefundReason),
      // Capped before cleaning, so a huge paste costs nothing.
      note: z
        .string()
        .max(REFUND_NOTE_MAX * 2, REFUND_FORM_MESSAGES.noteTooLong)
        .transform(cleanNote)
        .pipe(z.string().max(REFUND_NOTE_MAX, REFUND_FORM_MESSAGES.noteTooLong))
        .default(""),
    })
    .superRefine((v, ctx) => {
      if (v.reason === "staff" && v.note === "") {
        ctx.addIssue({ code: "custom", path: ["note"], message: REFUND_FORM_MESSAGES.noteRequired });
      }
    });
}

type RefundFormInput = z.output<ReturnType<typeof refundFormSchema>>;

/** The values the form starts with: everything that is left, no reason chosen. */
export function refundFormDefaults(
  availableCents: number,
  /** A withdrawal's proposal (cents), from the order's page: prefills amount and reason. */
  withdrawalCents?: number,
): Record<string, string> {
  if (withdrawalCents !== undefined && withdrawalCents > 0 && withdrawalCents <= availableCents) {
    return { amount: centsToEurosInput(withdrawalCents), reason: "withdrawal", note: "" };
  }
  return { amount: centsToEurosInput(availableCents), reason: "", note: "" };
}

/** A validated refund back as form fields (the confirmation step's hidden inputs). */
export function refundFormValues(input: RefundFormInput): Record<string, string> {
  return { amount: centsToEurosInput(input.amount), reason: input.reason, note: input.note };
}

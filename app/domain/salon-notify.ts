/**
 * The events the salon can be emailed about (switches at /gestion/avisos), with
 * their Spanish names, and the address the notices go to; shared by the
 * settings screen and the server.
 */
export const NOTIFY_KINDS = ["sale", "withdrawal", "refund", "booking", "cancellation"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const NOTIFY_LABELS: Record<NotifyKind, string> = {
  sale: "Ventas",
  withdrawal: "Desistimientos",
  refund: "Reembolsos",
  booking: "Citas nuevas",
  cancellation: "Citas anuladas por la clienta",
};

/** A refund with reason "withdrawal" is a withdrawal; every other reason (duplicate purchase, staff…) is a refund. */
export const refundNotifyKind = (reason: string): NotifyKind => (reason === "withdrawal" ? "withdrawal" : "refund");

const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/;

/** The address form at /gestion/avisos: its field, and the value of its `intent`. */
export const ADDRESS_FIELD = "direccion";
export const ADDRESS_INTENT = "address";

export const NOTIFY_ADDRESS_ERROR = "Escribe una dirección de correo válida, por ejemplo salon@ejemplo.com.";

/**
 * The owner's notification address from the form: trimmed, lower case, one
 * plain address (no name, no list). "" means "use the default" (the
 * configuration's SALON_NOTIFY_EMAIL); null: not an address.
 */
export function parseNotifyAddress(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const value = raw.trim().toLowerCase();
  if (value === "") return "";
  return value.length <= 254 && EMAIL.test(value) ? value : null;
}

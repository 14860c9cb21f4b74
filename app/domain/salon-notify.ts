/**
 * The events the salon can be emailed about (switches at /gestion/avisos), with
 * their Spanish names; shared by the settings screen and the server.
 */
export const NOTIFY_KINDS = ["sale", "withdrawal", "refund"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const NOTIFY_LABELS: Record<NotifyKind, string> = {
  sale: "Ventas",
  withdrawal: "Desistimientos",
  refund: "Reembolsos",
};

/** A refund with reason "withdrawal" is a withdrawal; every other reason (duplicate purchase, staff…) is a refund. */
export const refundNotifyKind = (reason: string): NotifyKind => (reason === "withdrawal" ? "withdrawal" : "refund");

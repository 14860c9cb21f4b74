/**
 * Withdrawing from some courses of an order (outside walk, item 13): which
 * lines of an order the buyer may still withdraw from, what she picked, and
 * what it gives back. Pure: the reads are in app/orders/withdrawals.server.ts.
 *
 * A line is open while it was kept (not refunded for lack of a seat), has not
 * been withdrawn and no refund names it. A refund that names no line (a staff
 * refund of an amount, one made in the provider's dashboard) cannot be put on
 * a line, so it closes every line still open, as a refund closed the whole
 * order before.
 */

/** Where a line stands for the withdrawal. */
export type LineState = "open" | "withdrawn" | "refunded" | "closed";

/** The form field of each course chosen, on the page's two steps. */
export const LINE_FIELD = "linea";
/** The query value of step 2 (review and confirm). */
export const REVIEW_STEP = "revisar";
/** The query field naming the withdrawal just made (the result after the redirect). */
export const DONE_FIELD = "recibido";

export const NO_LINE_MESSAGE = "Marca al menos un curso del que quieras desistir.";
export const LINE_UNAVAILABLE_MESSAGE =
  "Alguno de los cursos marcados ya no admite el desistimiento (ya desististe o ya se reembolsó). Revisa la selección.";

/** The lines a refund names (its `item_ids` JSON); null when it names none. */
export function refundItemIds(value: string | null): string[] | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return null;
    const ids = parsed.filter((v): v is string => typeof v === "string");
    return ids.length > 0 ? ids : null;
  } catch {
    return null;
  }
}

/**
 * Each line's state. `refunds` are the order's refunds that were not refused
 * (pending or made), with the lines they name (null: none).
 */
export function lineStates(
  lines: readonly { id: string; noSeat: boolean }[],
  withdrawn: ReadonlySet<string>,
  refunds: readonly { itemIds: readonly string[] | null }[],
): Map<string, LineState> {
  const refunded = new Set(refunds.flatMap((r) => r.itemIds ?? []));
  const unattributed = refunds.some((r) => r.itemIds === null);
  return new Map(
    lines.map((line): [string, LineState] => {
      if (withdrawn.has(line.id)) return [line.id, "withdrawn"];
      if (line.noSeat || refunded.has(line.id)) return [line.id, "refunded"];
      return [line.id, unattributed ? "closed" : "open"];
    }),
  );
}

/** The ids of the open lines, in the order's order. */
export function openLineIds(states: ReadonlyMap<string, LineState>): string[] {
  return [...states].filter(([, state]) => state === "open").map(([id]) => id);
}

export type LineSelection = { ok: true; ids: string[] } | { ok: false; reason: "none" | "unavailable" };

/**
 * The courses picked (form values, repeated or not), checked against the open
 * lines: at least one, every one open. The ids come back in the order's order.
 */
export function selectLines(chosen: readonly string[], open: readonly string[]): LineSelection {
  const picked = new Set(chosen.filter((id) => id !== ""));
  if (picked.size === 0) return { ok: false, reason: "none" };
  if ([...picked].some((id) => !open.includes(id))) return { ok: false, reason: "unavailable" };
  return { ok: true, ids: open.filter((id) => picked.has(id)) };
}

/** What withdrawing from these lines gives back: their prices, never more than the order has left (cents). */
export function withdrawalRefundCents(priceCents: readonly number[], availableCents: number): number {
  const sum = priceCents.reduce((total, cents) => total + cents, 0);
  return Math.max(0, Math.min(sum, availableCents));
}

/**
 * A withdrawal of the whole order, as before lines could be chosen: the first
 * one, covering every line the buyer kept. Its enrolments end when the refund
 * is made (the order becomes refunded); any other withdrawal ends its own
 * lines' enrolments at once.
 */
export function isWholeOrder(
  selected: readonly string[],
  keptLineIds: readonly string[],
  earlierWithdrawals: number,
): boolean {
  return earlierWithdrawals === 0 && keptLineIds.every((id) => selected.includes(id));
}

/** The order's row in the purchase history: «Desistir del contrato» while a line is open, else whether she withdrew. */
export function withdrawalState(windowOpen: boolean, states: ReadonlyMap<string, LineState>): "open" | "done" | "none" {
  const values = [...states.values()];
  if (windowOpen && values.includes("open")) return "open";
  return values.includes("withdrawn") ? "done" : "none";
}

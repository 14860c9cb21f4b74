/**
 * The day's till (caja, issue 35): `cash_days` and `cash_movements`.
 *
 * A cash day is a Madrid date. The staff open it with the float; cash may be
 * put in or taken out with a reason; the close counts the drawer by
 * denominations and stores what was expected, what was counted and the
 * difference (a difference needs a note). A closed day is frozen: no movement,
 * and a sale made after the close counts in the next day (`cashDayForSale`).
 * Only the owner reopens a closed day, with a reason (audited).
 *
 * Concurrency: every write to a day first "locks" its row with a no-op
 * conditional UPDATE (`… where closed_at is null`): a row lock on PostgreSQL,
 * the write lock on SQLite. Two closes at once: one wins, the other waits,
 * finds the day closed and is refused. A sale that calls `cashDayForSale` in
 * its transaction holds the same lock, so a close waits for it and counts it,
 * and a sale that waited for a close moves to the next day.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { isDate } from "~/domain/salon-time.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { countedTotal, MAX_TILL_CENTS, TILL_NOTE_MAX, TILL_REASON_MAX, type CashCount } from "./cash-count.ts";
import { dayState, type CashDayState } from "./cash-day-state.server.ts";

export { dayState, type CashDayState, type CashMovementView } from "./cash-day-state.server.ts";
export { zReport, type ZReport } from "./z-report.server.ts";

export type CashDayProblem =
  "invalid" | "not-open" | "already-open" | "closed" | "not-closed" | "note-required" | "reason-required";

/** A refused till operation, with the Spanish message the screen shows. */
export class CashDayError extends Error {
  constructor(
    readonly problem: CashDayProblem,
    message: string,
    /** With `note-required`: the difference that needs explaining. */
    readonly differenceCents?: number,
  ) {
    super(message);
    this.name = "CashDayError";
  }
}

const NOT_OPEN = "La caja de ese día no está abierta.";
const CLOSED = "La caja de ese día ya está cerrada.";

/** Most days ahead `cashDayForSale` looks for a day that is not closed (a guard: closes are daily). */
const MAX_DAYS_AHEAD = 366;

function checkDay(day: string): void {
  if (!isDate(day)) throw new CashDayError("invalid", "La fecha no es válida.");
}

function whole(n: number, min: number, max: number): boolean {
  return Number.isSafeInteger(n) && n >= min && n <= max;
}

/** Who did it, as stored in `*_by`: the staff member's id (the email for the command line). */
const actorRef = (actor: AuditActor) => actor.id ?? actor.email;

/** Locks the day's row when it is open; false when it was never opened or is closed. */
async function lockOpenDay(trx: Db, day: string): Promise<boolean> {
  const result = await trx
    .updateTable("cash_days")
    .set((eb) => ({ reopen_count: eb.ref("reopen_count") }))
    .where("day", "=", day)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why a day could not be locked open: never opened, or closed. */
async function notOpenError(trx: Db, day: string): Promise<CashDayError> {
  const row = await trx.selectFrom("cash_days").select("closed_at").where("day", "=", day).executeTakeFirst();
  return row?.closed_at ? new CashDayError("closed", CLOSED) : new CashDayError("not-open", NOT_OPEN);
}

async function firstDayNotClosed(db: Db, start: string, lock: boolean): Promise<string> {
  let day = start;
  for (let i = 0; i < MAX_DAYS_AHEAD; i++) {
    if (lock && (await lockOpenDay(db, day))) return day;
    const row = await db.selectFrom("cash_days").select("closed_at").where("day", "=", day).executeTakeFirst();
    if (!row || row.closed_at === null) return day;
    day = addDays(day, 1);
  }
  return day;
}

/**
 * The cash day a sale (or a return) made at `now` counts in: Madrid's date,
 * or, when that day's till is already closed, the next day not closed. Call it
 * in the sale's transaction: an open day's row stays locked until it commits.
 */
export async function cashDayForSale(db: Db, now: Date): Promise<string> {
  return firstDayNotClosed(db, madridDate(now), true);
}

/** The same day, read only (the screen's default day). */
export async function currentCashDay(db: Db, now: Date = new Date()): Promise<string> {
  return firstDayNotClosed(db, madridDate(now), false);
}

/** Opens a day's till with its float. A day opens once: a second open is refused. */
export async function openDay(
  db: Db,
  { day, floatCents, actor }: { day: string; floatCents: number; actor: AuditActor },
): Promise<void> {
  checkDay(day);
  if (!whole(floatCents, 0, MAX_TILL_CENTS)) throw new CashDayError("invalid", "El fondo de caja no es válido.");
  await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("cash_days")
      .values({ day, opening_float_cents: floatCents, opened_at: nowIso(), opened_by: actorRef(actor) })
      .onConflict((oc) => oc.column("day").doNothing())
      .returning("day")
      .execute();
    if (inserted.length !== 1) {
      const error = await notOpenError(trx, day);
      throw error.problem === "closed"
        ? error
        : new CashDayError("already-open", "La caja de ese día ya está abierta.");
    }
    await recordAudit(trx, actor, {
      action: "cash.open",
      entityType: "cash_day",
      entityId: day,
      after: { floatCents },
    });
  });
}

/** Cash put into (`in`) or taken out of (`out`) an open till, with its reason. Returns its id. */
export async function addMovement(
  db: Db,
  input: { day: string; direction: "in" | "out"; amountCents: number; reason: string; actor: AuditActor },
): Promise<string> {
  checkDay(input.day);
  const reason = input.reason.trim();
  if (input.direction !== "in" && input.direction !== "out")
    throw new CashDayError("invalid", "Elige entrada o salida.");
  if (!whole(input.amountCents, 1, MAX_TILL_CENTS)) throw new CashDayError("invalid", "El importe no es válido.");
  if (reason === "" || reason.length > TILL_REASON_MAX) {
    throw new CashDayError("reason-required", "Escribe el motivo del movimiento.");
  }
  return inTransaction(db, async (trx) => {
    if (!(await lockOpenDay(trx, input.day))) throw await notOpenError(trx, input.day);
    const id = newId();
    const row = { direction: input.direction, amountCents: input.amountCents, reason, day: input.day };
    await trx
      .insertInto("cash_movements")
      .values({
        id,
        day: input.day,
        direction: input.direction,
        amount_cents: input.amountCents,
        reason,
        created_by: actorRef(input.actor),
        created_at: nowIso(),
      })
      .execute();
    await recordAudit(trx, input.actor, {
      action: "cash.movement",
      entityType: "cash_day",
      entityId: input.day,
      after: row,
    });
    return id;
  });
}

export interface CashCloseResult {
  expectedCents: number;
  countedCents: number;
  differenceCents: number;
}

/**
 * Closes a day's till with the count. Difference = counted − expected; any
 * difference needs a note. One transaction: the day's lock, the figures, the
 * conditional update and the `cash.close` audit entry.
 */
export async function closeDay(
  db: Db,
  input: { day: string; detail: CashCount; note: string | null; actor: AuditActor },
): Promise<CashCloseResult> {
  checkDay(input.day);
  const count = countedTotal(input.detail);
  if (!count.ok) throw new CashDayError("invalid", "El recuento no es válido.");
  const note = (input.note ?? "").trim();
  if (note.length > TILL_NOTE_MAX) throw new CashDayError("invalid", `La nota admite ${TILL_NOTE_MAX} caracteres.`);
  return inTransaction(db, async (trx) => {
    if (!(await lockOpenDay(trx, input.day))) throw await notOpenError(trx, input.day);
    const state: CashDayState = await dayState(trx, input.day);
    const differenceCents = count.totalCents - state.expectedCents;
    if (differenceCents !== 0 && note === "") {
      throw new CashDayError(
        "note-required",
        `El recuento no cuadra (${differenceCents > 0 ? "sobran" : "faltan"} ${formatEuros(Math.abs(differenceCents))}): explica la diferencia en la nota.`,
        differenceCents,
      );
    }
    const closed = {
      closed_at: nowIso(),
      closed_by: actorRef(input.actor),
      expected_cents: state.expectedCents,
      counted_cents: count.totalCents,
      counted_detail: JSON.stringify(count.detail),
      difference_cents: differenceCents,
      note: note === "" ? null : note,
    };
    const result = await trx
      .updateTable("cash_days")
      .set(closed)
      .where("day", "=", input.day)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new CashDayError("closed", CLOSED);
    await recordAudit(trx, input.actor, {
      action: "cash.close",
      entityType: "cash_day",
      entityId: input.day,
      before: { status: "open" },
      after: {
        status: "closed",
        floatCents: state.floatCents,
        expectedCents: state.expectedCents,
        countedCents: count.totalCents,
        differenceCents,
        note: closed.note,
      },
    });
    return { expectedCents: state.expectedCents, countedCents: count.totalCents, differenceCents };
  });
}

/**
 * Reopens a closed day (the owner's decision: the route checks the role), with
 * its reason. The close's figures are cleared (kept in the audit entry's
 * `before`) and `reopen_count` goes up by one.
 */
export async function reopenDay(
  db: Db,
  { day, reason, actor }: { day: string; reason: string; actor: AuditActor },
): Promise<void> {
  checkDay(day);
  const why = reason.trim();
  if (why === "" || why.length > TILL_REASON_MAX) {
    throw new CashDayError("reason-required", "Escribe por qué se reabre la caja.");
  }
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("cash_days").selectAll().where("day", "=", day).executeTakeFirst();
    if (!row) throw new CashDayError("not-open", NOT_OPEN);
    const notClosed = new CashDayError("not-closed", "La caja de ese día no está cerrada.");
    if (row.closed_at === null) throw notClosed;
    const result = await trx
      .updateTable("cash_days")
      .set((eb) => ({
        closed_at: null,
        closed_by: null,
        expected_cents: null,
        counted_cents: null,
        counted_detail: null,
        difference_cents: null,
        note: null,
        reopen_count: eb("reopen_count", "+", 1),
      }))
      .where("day", "=", day)
      .where("closed_at", "=", row.closed_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notClosed;
    await recordAudit(trx, actor, {
      action: "cash.reopen",
      entityType: "cash_day",
      entityId: day,
      before: {
        status: "closed",
        closedAt: row.closed_at,
        expectedCents: row.expected_cents,
        countedCents: row.counted_cents,
        differenceCents: row.difference_cents,
        note: row.note,
        reopenCount: row.reopen_count,
      },
      after: { status: "open", reason: why, reopenCount: row.reopen_count + 1 },
    });
  });
}

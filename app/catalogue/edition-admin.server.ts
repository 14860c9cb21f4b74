/**
 * Edition writes of the back office (convocatorias of a course): add, edit, close,
 * reopen and cancel. Each runs in one transaction with its audit entry, and each
 * state change is a conditional UPDATE, so two people (or a purchase) acting at
 * once never leave an edition in a state nobody chose.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { rescheduleEditionReminders } from "~/orders/reminders.server.ts";
import { releaseExpiredHolds } from "~/orders/seat-holds.server.ts";
import type { EditionFormInput } from "~/lib/catalan-form.ts";
import { offerFreedSeats } from "~/waitlist/waitlist.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import type { AuditActor } from "~/audit/audit.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { editionAudit, getStaffCourse, getStaffEdition, type StaffEdition } from "./staff-queries.server.ts";

export type EditionWriteResult =
  | { ok: true; edition: StaffEdition }
  | { ok: false; reason: "not-found" | "cancelled" | "state" }
  | { ok: false; reason: "seats-below-taken"; seatsTaken: number };

/** A new open edition of the course. */
export async function createEdition(
  db: Db,
  actor: AuditActor,
  courseId: string,
  input: EditionFormInput,
): Promise<EditionWriteResult> {
  return inTransaction(db, async (trx) => {
    if (!(await getStaffCourse(trx, courseId))) return { ok: false, reason: "not-found" } as const;
    const id = newId();
    await trx
      .insertInto("course_editions")
      .values({
        id,
        course_id: courseId,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        schedule: input.schedule,
        schedule_ca: input.scheduleCa ?? null,
        seats: input.seats,
        seats_taken: 0,
        status: "open",
        updated_at: nowIso(),
        cancelled_at: null,
      })
      .execute();
    const edition = (await getStaffEdition(trx, courseId, id))!;
    await recordAudit(trx, actor, {
      action: "edition.create",
      entityType: "edition",
      entityId: id,
      after: editionAudit(edition),
    });
    return { ok: true, edition } as const;
  });
}

/**
 * Saves dates, schedule (and its Catalan text, when given) and seats. The seats
 * may not go below the seats already taken: checked in the UPDATE itself, so a
 * purchase committed a moment before (after the form was read) is counted. A
 * cancelled edition is not edited.
 */
export async function updateEdition(
  db: Db,
  actor: AuditActor,
  courseId: string,
  editionId: string,
  input: EditionFormInput,
): Promise<EditionWriteResult> {
  return inTransaction(db, async (trx) => {
    const before = await getStaffEdition(trx, courseId, editionId);
    if (!before) return { ok: false, reason: "not-found" } as const;
    // Holds whose payment page expired no longer keep a seat.
    await releaseExpiredHolds(trx, [editionId], nowIso());
    const result = await trx
      .updateTable("course_editions")
      .set({
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        schedule: input.schedule,
        ...(input.scheduleCa === undefined ? {} : { schedule_ca: input.scheduleCa }),
        seats: input.seats,
        updated_at: nowIso(),
      })
      .where("id", "=", editionId)
      .where("course_id", "=", courseId)
      .where("status", "!=", "cancelled")
      // Seats held by payments in progress count too: they become seats when paid.
      .where((eb) => eb(eb("seats_taken", "+", eb.ref("seats_held")), "<=", input.seats))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const now = await getStaffEdition(trx, courseId, editionId);
      if (!now) return { ok: false, reason: "not-found" } as const;
      if (now.status === "cancelled") return { ok: false, reason: "cancelled" } as const;
      const held = await trx
        .selectFrom("course_editions")
        .select("seats_held")
        .where("id", "=", editionId)
        .executeTakeFirst();
      // Seats held by a payment in progress are as good as taken for this limit.
      const taken = now.seatsTaken + Number(held?.seats_held ?? 0);
      return { ok: false, reason: "seats-below-taken", seatsTaken: taken } as const;
    }
    // More seats (or a reopened edition's seats) go to the waiting list first.
    await offerFreedSeats(trx, [editionId], nowIso());
    const after = (await getStaffEdition(trx, courseId, editionId))!;
    // A moved start date: the students' reminders follow it (the old jobs skip themselves).
    if (after.startsOn !== before.startsOn) await rescheduleEditionReminders(trx, editionId);
    await recordAudit(trx, actor, {
      action: "edition.update",
      entityType: "edition",
      entityId: editionId,
      before: editionAudit(before),
      after: editionAudit(after),
    });
    return { ok: true, edition: after } as const;
  });
}

const TRANSITIONS = {
  /** No more sales; the edition stays on the staff's lists. */
  close: { action: "edition.close", from: ["open", "full"], to: "closed" },
  reopen: { action: "edition.reopen", from: ["closed"], to: "open" },
  /** For good: the students must be contacted (the page lists them first). */
  cancel: { action: "edition.cancel", from: ["open", "full", "closed"], to: "cancelled" },
} as const;

type EditionTransition = keyof typeof TRANSITIONS;

/** Close, reopen or cancel an edition; refused ("state") when it is not in a state that allows it. */
export async function changeEditionStatus(
  db: Db,
  actor: AuditActor,
  courseId: string,
  editionId: string,
  transition: EditionTransition,
): Promise<EditionWriteResult> {
  const { action, from, to } = TRANSITIONS[transition];
  return inTransaction(db, async (trx) => {
    const before = await getStaffEdition(trx, courseId, editionId);
    if (!before) return { ok: false, reason: "not-found" } as const;
    const now = nowIso();
    const result = await trx
      .updateTable("course_editions")
      .set({ status: to, updated_at: now, ...(to === "cancelled" ? { cancelled_at: now } : {}) })
      .where("id", "=", editionId)
      .where("course_id", "=", courseId)
      .where("status", "in", [...from])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ok: false, reason: "state" } as const;
    const after = (await getStaffEdition(trx, courseId, editionId))!;
    await recordAudit(trx, actor, {
      action,
      entityType: "edition",
      entityId: editionId,
      before: editionAudit(before),
      after: editionAudit(after),
    });
    return { ok: true, edition: after } as const;
  });
}

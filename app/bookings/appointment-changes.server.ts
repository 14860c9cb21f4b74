/**
 * Changes to a booked appointment (issue 15): the client or the staff cancel
 * or move it, the staff record whether the client came. Each change frees or
 * takes slots in the same transaction as the row (see appointments.server.ts
 * for why slots), is audited when the staff make it, and queues its email.
 */
import type { Db } from "~/db/db.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import type { BookingRules } from "~/domain/booking-rules.ts";
import { isKeptStatus, isOpenStatus } from "~/domain/appointment-status.ts";
import { clientMayChange } from "~/domain/booking-rules.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { refundsDeposit } from "~/domain/deposit.ts";
import { notifySalonOfCancellation } from "~/salon/notifications.server.ts";
import { queueAppointmentEmails } from "./appointment-emails.server.ts";
import { refundDepositOnCancel } from "./deposits.server.ts";
import { span } from "./appointments.server.ts";
import { getAppointment } from "./queries.server.ts";
import { checkStart } from "./availability.server.ts";
import { expireHolds, SlotTaken, takeSlots } from "./slots.server.ts";

type ChangeResult =
  /** depositRefundCents: the señal asked back by a cancellation (0 when none). */
  | { ok: true; depositRefundCents?: number }
  /** window: too late for the client herself; gone: already cancelled or past; unavailable/taken: the new time is not free. */
  | { ok: false; reason: "window" | "gone" | "unavailable" | "taken" };

interface ChangeBy {
  by: "client" | "staff";
  now: Date;
  rules: BookingRules;
  actor?: AuditActor;
  /** The staff keep the paid deposit (a client who cancels too late): app/domain/deposit.ts. */
  keepDeposit?: boolean;
}

/** Cancels a held or confirmed appointment and frees its slots. */
export async function cancelAppointment(db: Db, appointmentId: string, change: ChangeBy): Promise<ChangeResult> {
  const nowIso = change.now.toISOString();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("appointments")
      .select(["status", "starts_at"])
      .where("id", "=", appointmentId)
      .executeTakeFirst();
    if (!row || !isOpenStatus(row.status)) return { ok: false, reason: "gone" } as const;
    if (change.by === "client" && !clientMayChange(Date.parse(row.starts_at), change.now.getTime(), change.rules)) {
      return { ok: false, reason: "window" } as const;
    }
    const done = await trx
      .updateTable("appointments")
      .set({
        status: "cancelled",
        cancelled_at: nowIso,
        cancelled_by: change.by,
        hold_expires_at: null,
        updated_at: nowIso,
      })
      .where("id", "=", appointmentId)
      .where("status", "=", row.status)
      .returning("id")
      .execute();
    if (done.length === 0) return { ok: false, reason: "gone" } as const;
    await trx.deleteFrom("appointment_slots").where("appointment_id", "=", appointmentId).execute();
    // A paid señal goes back with the cancellation, in this transaction (the refund job pays it out).
    const depositRefundCents =
      row.status === "confirmed" && refundsDeposit(change)
        ? await refundDepositOnCancel(trx, appointmentId, change.now)
        : 0;
    if (change.actor) {
      await recordAudit(trx, change.actor, {
        action: "appointment.cancel",
        entityType: "appointment",
        entityId: appointmentId,
        before: { status: row.status, startsAt: row.starts_at },
        after: { status: "cancelled", depositRefundCents, keepDeposit: change.keepDeposit === true },
      });
    }
    // A guest who never confirmed gets no cancellation email for a slot she did not have.
    if (row.status === "confirmed") {
      await queueAppointmentEmails(trx, "cancelled", { id: appointmentId, startsAt: row.starts_at }, change.now);
      // The salon hears of a client's own cancellation (its own staff's need no notice).
      if (change.by === "client") await notifySalonOfCancellation(trx, appointmentId, change.now);
    }
    return { ok: true, depositRefundCents } as const;
  });
}

/**
 * Moves a confirmed appointment to `at` (and, for the staff, optionally to
 * another professional). Its own slots do not count against the new time; if
 * the new slots are taken the transaction rolls back and nothing changes.
 */
export async function moveAppointment(
  db: Db,
  appointmentId: string,
  target: { at: number; professionalId?: string },
  change: ChangeBy,
): Promise<ChangeResult> {
  const current = await getAppointment(db, appointmentId);
  if (!current || current.status !== "confirmed") return { ok: false, reason: "gone" };
  if (change.by === "client" && !clientMayChange(Date.parse(current.startsAt), change.now.getTime(), change.rules)) {
    return { ok: false, reason: "window" };
  }
  const professionalId = target.professionalId ?? current.professionalId;
  const free = await checkStart(db, {
    serviceIds: current.services.map((s) => s.serviceId),
    professionalId,
    at: target.at,
    now: change.now,
    rules: change.rules,
    online: change.by === "client",
    ignoreAppointmentId: appointmentId,
  });
  if (!free) return { ok: false, reason: "unavailable" };
  // The services as they were booked (their copies), not as the menu says today.
  const { endsAt, blocksUntil } = span(current.services, target.at);
  const nowIso = change.now.toISOString();
  const startsAt = new Date(target.at).toISOString();
  try {
    return await inTransaction(db, async (trx) => {
      const moved = await trx
        .updateTable("appointments")
        .set({
          professional_id: professionalId,
          starts_at: startsAt,
          ends_at: new Date(endsAt).toISOString(),
          blocks_until: new Date(blocksUntil).toISOString(),
          updated_at: nowIso,
        })
        .where("id", "=", appointmentId)
        .where("status", "=", "confirmed")
        .where("starts_at", "=", current.startsAt)
        .returning("id")
        .execute();
      if (moved.length === 0) return { ok: false, reason: "gone" } as const;
      await trx.deleteFrom("appointment_slots").where("appointment_id", "=", appointmentId).execute();
      await expireHolds(trx, nowIso);
      await takeSlots(trx, professionalId, appointmentId, target.at, blocksUntil);
      if (change.actor) {
        await recordAudit(trx, change.actor, {
          action: "appointment.move",
          entityType: "appointment",
          entityId: appointmentId,
          before: { professionalId: current.professionalId, startsAt: current.startsAt },
          after: { professionalId, startsAt },
        });
      }
      await queueAppointmentEmails(trx, "moved", { id: appointmentId, startsAt }, change.now);
      return { ok: true } as const;
    });
  } catch (err) {
    if (err instanceof SlotTaken) return { ok: false, reason: "taken" };
    throw err;
  }
}

/** Once its time has come, the staff mark an appointment as attended or as a no-show (audited). */
export async function recordOutcome(
  db: Db,
  appointmentId: string,
  outcome: "attended" | "no_show",
  actor: AuditActor,
  now: Date,
): Promise<ChangeResult> {
  const nowIso = now.toISOString();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("appointments")
      .select(["status", "starts_at"])
      .where("id", "=", appointmentId)
      .executeTakeFirst();
    if (!row || !isKeptStatus(row.status)) return { ok: false, reason: "gone" } as const;
    // Not before the time it was for.
    if (Date.parse(row.starts_at) > now.getTime()) return { ok: false, reason: "window" } as const;
    if (row.status === outcome) return { ok: true } as const;
    await trx
      .updateTable("appointments")
      .set({ status: outcome, updated_at: nowIso })
      .where("id", "=", appointmentId)
      .execute();
    await recordAudit(trx, actor, {
      action: outcome === "attended" ? "appointment.attended" : "appointment.no-show",
      entityType: "appointment",
      entityId: appointmentId,
      before: { status: row.status },
      after: { status: outcome },
    });
    return { ok: true } as const;
  });
}

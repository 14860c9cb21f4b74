/**
 * Time off (/gestion/horarios): a professional's days off and blocked hours,
 * and closures of the whole salon (professional_id null), stored as UTC
 * instants. Each write runs in one transaction with its audit entry. A new
 * block is saved even when appointments already fall inside it: the staff get
 * the list of those appointments, to call the clients.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { takesTimeWhere } from "./slots.server.ts";
import type { TimeOffInput } from "~/domain/time-off-form.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

interface TimeOffRow {
  id: string;
  /** null: the whole salon. */
  professionalId: string | null;
  professionalName: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
}

/** A live appointment inside a new block. */
interface TimeOffConflict {
  id: string;
  clientName: string;
  clientPhone: string;
  professionalName: string;
  startsAt: string;
}

type TimeOffCreateResult =
  { ok: true; id: string; conflicts: TimeOffConflict[] } | { ok: false; reason: "unknown-professional" };

/** Blocks not yet over at `now`, soonest first. */
export async function listUpcomingTimeOff(db: Db, now: string = nowIso()): Promise<TimeOffRow[]> {
  const rows = await db
    .selectFrom("time_off")
    .leftJoin("professionals", "professionals.id", "time_off.professional_id")
    .select([
      "time_off.id",
      "time_off.professional_id",
      "professionals.name",
      "time_off.starts_at",
      "time_off.ends_at",
      "time_off.reason",
    ])
    .where("time_off.ends_at", ">", now)
    .orderBy("time_off.starts_at")
    .orderBy("time_off.id")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    professionalId: r.professional_id,
    professionalName: r.name ?? null,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    reason: r.reason,
  }));
}

/**
 * Confirmed appointments, and holds still alive at `now`, that overlap
 * [startsAt, endsAt) for this professional (or anyone's, for a salon closure).
 */
async function appointmentsDuring(
  db: Db,
  block: { professionalId: string | null; startsAt: string; endsAt: string },
  now: string = nowIso(),
): Promise<TimeOffConflict[]> {
  let q = db
    .selectFrom("appointments")
    .innerJoin("professionals", "professionals.id", "appointments.professional_id")
    .select([
      "appointments.id",
      "appointments.client_name",
      "appointments.client_phone",
      "professionals.name",
      "appointments.starts_at",
    ])
    .where("appointments.starts_at", "<", block.endsAt)
    .where("appointments.blocks_until", ">", block.startsAt)
    .where((eb) => takesTimeWhere(eb, now))
    .orderBy("appointments.starts_at")
    .orderBy("appointments.id");
  if (block.professionalId !== null) q = q.where("appointments.professional_id", "=", block.professionalId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    clientName: r.client_name,
    clientPhone: r.client_phone,
    professionalName: r.name,
    startsAt: r.starts_at,
  }));
}

const auditOf = (b: TimeOffInput) => ({
  professionalId: b.professionalId,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  reason: b.reason,
});

/** Saves a block (refused only for an unknown professional) and lists the appointments inside it. */
export function createTimeOff(db: Db, actor: AuditActor, input: TimeOffInput): Promise<TimeOffCreateResult> {
  return inTransaction(db, async (trx) => {
    if (input.professionalId !== null) {
      const pro = await trx
        .selectFrom("professionals")
        .select("id")
        .where("id", "=", input.professionalId)
        .executeTakeFirst();
      if (!pro) return { ok: false, reason: "unknown-professional" } as const;
    }
    const id = newId();
    const now = nowIso();
    await trx
      .insertInto("time_off")
      .values({
        id,
        professional_id: input.professionalId,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        reason: input.reason,
        created_at: now,
        created_by: actor.id,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "time-off.create",
      entityType: "time-off",
      entityId: id,
      after: auditOf(input),
    });
    return { ok: true, id, conflicts: await appointmentsDuring(trx, input, now) } as const;
  });
}

/** Removes a block; false when it does not exist (already removed). */
export function deleteTimeOff(db: Db, actor: AuditActor, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("time_off").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("time_off").where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "time-off.delete",
      entityType: "time-off",
      entityId: id,
      before: auditOf({
        professionalId: row.professional_id,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        reason: row.reason,
      }),
    });
    return true;
  });
}

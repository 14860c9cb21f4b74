/**
 * The seeded services' review (Gestión → Servicios): the seed proposes twelve
 * services with placeholder prices and durations (`services.review_pending = 1`,
 * app/db/seed-salon.server.ts); the staff confirm each one in one step, from
 * the list or the service's page, without retyping the form. Saving the form
 * also marks it reviewed (menu-admin.server.ts). Each review is audited in its
 * own transaction.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

/** "reviewed": marked now; "already": someone had done it (nothing written); "not-found": no such service. */
export type ServiceReviewResult = "reviewed" | "already" | "not-found";

/** Marks a service as reviewed, with its audit entry; twice is harmless (the second writes nothing). */
export function markServiceReviewed(db: Db, actor: AuditActor, serviceId: string): Promise<ServiceReviewResult> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("services")
      .select(["id", "name", "review_pending"])
      .where("id", "=", serviceId)
      .executeTakeFirst();
    if (!row) return "not-found";
    // Conditional: of two simultaneous clicks, one marks it and the other finds it done.
    const done = await trx
      .updateTable("services")
      .set({ review_pending: 0, updated_at: nowIso() })
      .where("id", "=", serviceId)
      .where("review_pending", "=", 1)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return "already";
    await recordAudit(trx, actor, {
      action: "service.review",
      entityType: "service",
      entityId: serviceId,
      before: { name: row.name, reviewPending: true },
      after: { name: row.name, reviewPending: false },
    });
    return "reviewed";
  });
}

/** How many services still wait for their review (the panel's reminder). */
export async function countServicesToReview(db: Db): Promise<number> {
  const row = await db
    .selectFrom("services")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("review_pending", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

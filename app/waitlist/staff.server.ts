/**
 * The waiting list of one edition as the staff see it (attendee page), and
 * their two writes: remove an entry (confirmed or not; only after the page's
 * confirmation step), offer a seat to one confirmed waiting person out of turn.
 * Each write and its audit row share one transaction.
 */
import type { AuditActor } from "~/audit/audit.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isLiveWaitlistEntry } from "~/domain/waitlist-messages.ts";
import { offerSeat, removeEntry } from "./waitlist.server.ts";

export interface StaffWaitlistEntry {
  id: string;
  email: string;
  createdAt: string;
  status: string;
  offerExpiresAt: string | null;
}

/** Everyone who asked for a seat of this edition, first come first. */
export async function listEditionWaitlist(db: Db, editionId: string): Promise<StaffWaitlistEntry[]> {
  const rows = await db
    .selectFrom("waitlist_entries")
    .select(["id", "email", "created_at", "status", "offer_expires_at"])
    .where("edition_id", "=", editionId)
    .orderBy("created_at")
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    createdAt: r.created_at,
    status: r.status,
    offerExpiresAt: r.offer_expires_at,
  }));
}

type WaitlistStaffIntent = "waitlist-remove" | "waitlist-offer";
export type WaitlistStaffResult =
  "removed" | "offered" | "confirm-removal" | "not-found" | "not-waiting" | "unconfirmed" | "no-seat";

/**
 * Removes an entry or offers it a seat; the entry must belong to this edition.
 * A removal not yet `confirmed` by the staff member changes nothing and
 * answers "confirm-removal" (the page then asks).
 */
export function changeWaitlistEntry(
  db: Db,
  actor: AuditActor,
  editionId: string,
  entryId: string,
  intent: WaitlistStaffIntent,
  opts: { confirmed?: boolean; nowIso?: string } = {},
): Promise<WaitlistStaffResult> {
  const nowIso = opts.nowIso ?? new Date().toISOString();
  return inTransaction(db, async (trx) => {
    const entry = await trx
      .selectFrom("waitlist_entries")
      .select(["id", "edition_id", "email", "status"])
      .where("id", "=", entryId)
      .where("edition_id", "=", editionId)
      .executeTakeFirst();
    if (!entry) return "not-found";
    const before = { email: entry.email, status: entry.status };
    if (intent === "waitlist-remove") {
      if (!isLiveWaitlistEntry(entry.status)) return "not-waiting";
      if (!opts.confirmed) return "confirm-removal";
      if (!(await removeEntry(trx, entry.id, nowIso))) return "not-waiting";
      await recordAudit(trx, actor, {
        action: "waitlist.remove",
        entityType: "waitlist",
        entityId: entry.id,
        before,
        after: { email: entry.email, status: "removed" },
      });
      return "removed";
    }
    if (entry.status === "pending") return "unconfirmed";
    if (entry.status !== "waiting") return "not-waiting";
    if (!(await offerSeat(trx, entry, nowIso))) return "no-seat";
    await recordAudit(trx, actor, {
      action: "waitlist.offer",
      entityType: "waitlist",
      entityId: entry.id,
      before,
      after: { email: entry.email, status: "offered" },
    });
    return "offered";
  });
}

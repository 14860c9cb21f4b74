/**
 * The staff's notes on a client (issue 15): one text per lower-cased email in
 * `client_notes`, the one home of that table. Saving writes the audit entry
 * `client-notes.update` in the same transaction.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

export { CLIENT_NOTES_MAX } from "~/components/staff/diary/labels.ts";

export interface ClientNotes {
  notes: string;
  updatedAt: string;
  updatedBy: string | null;
}

export async function getClientNotes(db: Db, email: string): Promise<ClientNotes | null> {
  const row = await db
    .selectFrom("client_notes")
    .select(["notes", "updated_at", "updated_by"])
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return row ? { notes: row.notes, updatedAt: row.updated_at, updatedBy: row.updated_by } : null;
}

/**
 * Stores the notes on the client with this email (already trimmed and within
 * CLIENT_NOTES_MAX), with their audit entry. Returns false, writing nothing,
 * when they did not change.
 */
export async function saveClientNotes(db: Db, actor: AuditActor, email: string, notes: string): Promise<boolean> {
  const key = email.toLowerCase();
  return inTransaction(db, async (trx) => {
    const before = await getClientNotes(trx, key);
    if ((before?.notes ?? "") === notes) return false;
    const updatedAt = nowIso();
    await trx
      .insertInto("client_notes")
      .values({ email: key, notes, updated_at: updatedAt, updated_by: actor.email })
      .onConflict((oc) => oc.column("email").doUpdateSet({ notes, updated_at: updatedAt, updated_by: actor.email }))
      .execute();
    await recordAudit(trx, actor, {
      action: "client-notes.update",
      entityType: "client",
      entityId: key,
      before: before ? { notes: before.notes } : undefined,
      after: { notes },
    });
    return true;
  });
}

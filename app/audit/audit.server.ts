/**
 * The audit log: every write made in the staff area is recorded here — who, what,
 * when, and the record before and after — in the same transaction as the write, so
 * a change and its record stand or fall together. The owner reads it at /gestion/auditoria.
 */
import type { Db } from "~/db/db.server.ts";
import type { AuditAction } from "~/domain/audit-text.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";

/** Who made the change: the signed-in staff member (or "cli" for the command line). */
export interface AuditActor {
  id: string | null;
  email: string;
}

interface AuditEntry {
  /**
   * Dotted verb, e.g. `course.update`, `edition.create`, `staff.invite`: one of the
   * codes labelled in app/domain/audit-text.ts (a new code needs its label there first).
   */
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  /** The record before the change (omit for a creation). Secrets and hashes never go in. */
  before?: unknown;
  /** The record after the change (omit for a deletion). */
  after?: unknown;
}

/** Appends one entry; pass the transaction the write runs in. */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      actor_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: nowIso(),
    })
    .execute();
}

interface AuditRow {
  id: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: string | null;
  after: string | null;
  createdAt: string;
}

/** Newest first, paginated. */
export async function listAudit(
  db: Db,
  { limit = 50, offset = 0, entityType }: { limit?: number; offset?: number; entityType?: string } = {},
): Promise<{ rows: AuditRow[]; total: number }> {
  let base = db.selectFrom("audit_log");
  if (entityType) base = base.where("entity_type", "=", entityType);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actor_email,
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      before: r.before_json,
      after: r.after_json,
      createdAt: r.created_at,
    })),
  };
}

/** The kinds of record the log holds, for the owner's filter. */
export async function listAuditEntityTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("entity_type").distinct().orderBy("entity_type").execute();
  return rows.map((r) => r.entity_type);
}

/**
 * The kinds of record the audit log holds, for the owner's filter. (A read of
 * audit_log: it belongs with app/staff/audit.server.ts, which another part owns.)
 */
import type { Db } from "~/db/db.server.ts";

export async function listAuditEntityTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("entity_type").distinct().orderBy("entity_type").execute();
  return rows.map((r) => r.entity_type);
}

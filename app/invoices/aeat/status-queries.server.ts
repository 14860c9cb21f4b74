/**
 * The staff's reads of the sending to the AEAT: each invoice's latest billing
 * record's state (/gestion/facturas), and the records the panel warns about
 * (waiting more than an hour, or rejected).
 */
import type { Db } from "~/db/db.server.ts";
import { AEAT_STALE_MS, type AeatStatus } from "~/domain/aeat-status.ts";

/**
 * The state of each invoice's latest billing record (a subsanación is a later
 * record of the same invoice: then `corrects` names the rejected record it
 * subsana, whose state is "corrected"). An invoice missing from the map has no
 * status row: written while VERIFACTU_MODE=off.
 */
export async function aeatStatusesOf(db: Db, invoiceIds: string[]): Promise<Map<string, AeatStatus>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("billing_records as r")
    .innerJoin("billing_record_status as s", "s.position", "r.position")
    .select(["r.invoice_id", "r.position", "r.corrects_position", "s.state", "s.code", "s.description", "s.sent_at"])
    .where("r.invoice_id", "in", invoiceIds)
    .orderBy("r.position")
    .execute();
  const statuses = new Map<string, AeatStatus>();
  // In position order: the latest record of each invoice is the one kept.
  for (const r of rows) {
    const earlier = statuses.get(r.invoice_id);
    const corrects =
      earlier && r.corrects_position !== null && earlier.position === r.corrects_position
        ? { position: earlier.position, code: earlier.code, description: earlier.description }
        : null;
    statuses.set(r.invoice_id, {
      state: r.state,
      code: r.code,
      description: r.description,
      sentAt: r.sent_at,
      position: r.position,
      corrects,
    });
  }
  return statuses;
}

export interface AeatAlerts {
  /** Records pending for more than an hour (AEAT_STALE_MS) since they were written. */
  stalePending: number;
  rejected: number;
  /** Invoice numbers of the rejected records, oldest first (at most 10). */
  rejectedNumbers: string[];
}

/**
 * What the panel warns about, as of `now`. A record's age is its
 * FechaHoraHusoGenRegistro, when it was written; that text carries the Madrid
 * offset, so it is compared as an instant here, not as text in SQL.
 */
export async function loadAeatAlerts(db: Db, now = new Date()): Promise<AeatAlerts> {
  const rejectedRecords = () =>
    db
      .selectFrom("billing_record_status as s")
      .innerJoin("billing_records as r", "r.position", "s.position")
      .where("s.state", "=", "rejected");
  const [pending, rejected, rejectedNumbers] = await Promise.all([
    db
      .selectFrom("billing_record_status as s")
      .innerJoin("billing_records as r", "r.position", "s.position")
      .select("r.generated_at")
      .where("s.state", "=", "pending")
      .orderBy("r.position")
      .limit(1000)
      .execute(),
    rejectedRecords()
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
    rejectedRecords().select("r.invoice_number").orderBy("r.position").limit(10).execute(),
  ]);
  const limit = now.getTime() - AEAT_STALE_MS;
  const stale = pending.filter((p) => {
    const at = Date.parse(p.generated_at);
    return Number.isFinite(at) && at < limit;
  });
  return {
    stalePending: stale.length,
    rejected: Number(rejected.n),
    rejectedNumbers: rejectedNumbers.map((r) => r.invoice_number),
  };
}

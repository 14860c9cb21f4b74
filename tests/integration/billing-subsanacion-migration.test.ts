import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

describe.each(dbKinds)("0021 billing subsanación on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("keeps the records, their statuses and submissions; allows one subsanación per record; still refuses changes", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    await migrateTo(db, "0020-verifactu-sender");
    const now = "2026-11-20T10:00:00.000Z";
    await sql`insert into orders (id, user_id, email, status, total_cents, currency, payment_method, provider, created_at, updated_at, kind)
      values ('o-1', null, 'ana@example.com', 'paid', 12100, 'eur', 'card', 'stripe', ${now}, ${now}, 'courses')`.execute(
      db,
    );
    await sql`insert into invoices (id, series, number, full_number, kind, order_id, issued_at, issue_date, seller,
        base_cents, vat_cents, total_cents, currency, qr_url, verifactu)
      values ('inv-1', 'AN2026', 1, 'AN2026-000001', 'F2', 'o-1', ${now}, '2026-11-20', '{"nif":"12345678Z"}',
        10000, 2100, 12100, 'eur', 'https://example.com/qr', 1)`.execute(db);
    await sql`insert into billing_records (position, invoice_id, record_type, issuer_nif, invoice_number, issue_date,
        invoice_type, vat_total, amount_total, previous_huella, generated_at, huella, xml)
      values (1, 'inv-1', 'alta', '12345678Z', 'AN2026-000001', '20-11-2026', 'F2', '21.00', '121.00', '',
        '2026-11-20T11:00:00+01:00', 'H1', '<xml/>')`.execute(db);
    await sql`insert into billing_record_status (position, state, code, description, attempts)
      values (1, 'rejected', '1100', 'NIF', 1)`.execute(db);
    await sql`insert into billing_submissions (id, record_position, attempted_at, status, response)
      values ('sub-1', 1, ${now}, 'answered', '<r/>')`.execute(db);

    expect(await migrateToLatest(db)).toContain("0021-billing-subsanacion");

    expect(
      await db.selectFrom("billing_records").select(["position", "huella", "corrects_position"]).execute(),
    ).toEqual([{ position: 1, huella: "H1", corrects_position: null }]);
    expect(await db.selectFrom("billing_record_status").select(["position", "state"]).execute()).toEqual([
      { position: 1, state: "rejected" },
    ]);
    expect(await db.selectFrom("billing_submissions").select(["id", "record_position"]).execute()).toEqual([
      { id: "sub-1", record_position: 1 },
    ]);

    // A second record of the same invoice, subsanando the first: allowed now.
    const record = (position: number, huella: string, corrects: number | null) =>
      sql`insert into billing_records (position, invoice_id, record_type, issuer_nif, invoice_number, issue_date,
          invoice_type, vat_total, amount_total, previous_huella, generated_at, huella, xml, corrects_position)
        values (${position}, 'inv-1', 'alta', '12345678Z', 'AN2026-000001', '20-11-2026', 'F2', '21.00', '121.00', 'H1',
          '2026-11-21T11:00:00+01:00', ${huella}, '<xml/>', ${corrects})`.execute(db);
    await record(2, "H2", 1);
    // A second subsanación of the same record, or one of a record that does not exist: refused.
    await expect(record(3, "H3", 1)).rejects.toThrow();
    await expect(record(4, "H4", 99)).rejects.toThrow();
    // Still immutable.
    await expect(sql`update billing_records set huella = 'X' where position = 1`.execute(db)).rejects.toThrow(
      /never changed or deleted/u,
    );
    await expect(sql`delete from billing_records where position = 2`.execute(db)).rejects.toThrow(
      /never changed or deleted/u,
    );
    // The foreign keys still point at the rebuilt table.
    await expect(
      sql`insert into billing_record_status (position, state, attempts) values (42, 'pending', 0)`.execute(db),
    ).rejects.toThrow();
  });
});

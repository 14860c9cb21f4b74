import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

describe.each(dbKinds)("0020 VERI*FACTU sender on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds the status table (no row: not sent) and the sender's one row, free to send", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    await migrateTo(db, "0019-withdrawal-lines");
    expect(await migrateToLatest(db)).toContain("0020-verifactu-sender");
    expect(await db.selectFrom("billing_record_status").selectAll().execute()).toEqual([]);
    const sender = await db.selectFrom("verifactu_sender").selectAll().execute();
    expect(sender).toEqual([{ id: 1, not_before: new Date(0).toISOString(), locked_until: null, locked_by: null }]);
  });
});

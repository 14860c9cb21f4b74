import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

describe.each(dbKinds)("0014 order lines on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("moves a deposit line's service out of the course column and keeps a course line as it was", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    await migrateTo(db, "0013-deposits");
    const now = "2026-11-20T10:00:00.000Z";
    const order = {
      user_id: null,
      email: "ana@example.com",
      status: "paid",
      currency: "eur",
      payment_method: "card",
      provider: "demo",
      created_at: now,
      updated_at: now,
    };
    await sql`insert into orders (id, user_id, email, status, total_cents, currency, payment_method, provider, created_at, updated_at, kind)
      values ('o-course', ${order.user_id}, ${order.email}, 'paid', 28000, 'eur', 'card', 'demo', ${now}, ${now}, 'courses'),
             ('o-deposit', ${order.user_id}, ${order.email}, 'paid', 1000, 'eur', 'card', 'demo', ${now}, ${now}, 'deposit')`.execute(
      db,
    );
    await sql`insert into order_items (id, order_id, course_id, edition_id, title, price_cents, edition_starts_on, edition_ends_on)
      values ('i-course', 'o-course', 'formacion-inicio', 'formacion-inicio-2027-01', 'Formación de inicio', 28000, '2027-01-04', '2027-01-06'),
             ('i-deposit', 'o-deposit', 'semipermanente', null, 'Señal: Semipermanente', 1000, null, null)`.execute(db);

    expect(await migrateToLatest(db)).toContain("0014-order-lines");

    const rows = await db
      .selectFrom("order_items")
      .select([
        "id",
        "order_id",
        "course_id",
        "service_id",
        "edition_id",
        "title",
        "price_cents",
        "edition_starts_on",
        "edition_ends_on",
        "no_seat_at",
      ])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        id: "i-course",
        order_id: "o-course",
        course_id: "formacion-inicio",
        service_id: null,
        edition_id: "formacion-inicio-2027-01",
        title: "Formación de inicio",
        price_cents: 28000,
        edition_starts_on: "2027-01-04",
        edition_ends_on: "2027-01-06",
        no_seat_at: null,
      },
      {
        id: "i-deposit",
        order_id: "o-deposit",
        course_id: null,
        service_id: "semipermanente",
        edition_id: null,
        title: "Señal: Semipermanente",
        price_cents: 1000,
        edition_starts_on: null,
        edition_ends_on: null,
        no_seat_at: null,
      },
    ]);
    // The rebuilt table keeps its rules: one line per course in an order, lines go with their order.
    await expect(
      sql`insert into order_items (id, order_id, course_id, title, price_cents) values ('i-twice', 'o-course', 'formacion-inicio', 'x', 1)`.execute(
        db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`insert into order_items (id, order_id, course_id, title, price_cents) values ('i-orphan', 'no-such-order', 'expert-nails', 'x', 1)`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, pingDb } from "~/db/db.server.ts";
import { hitRateLimit, resetRateLimit } from "~/lib/rate-limit.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

describe.each(dbKinds)("database on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("migrates to the latest schema and is idempotent", async () => {
    await pingDb(t.db);
    expect(await migrateToLatest(t.db)).toEqual([]);
    const tables = (await t.db.introspection.getTables()).map((x) => x.name);
    for (const name of ["users", "sessions", "courses", "course_editions", "orders", "order_items", "enrollments", "payment_events", "rate_limits"]) {
      expect(tables).toContain(name);
    }
  });

  it("enforces unique emails and keeps orders when a user is deleted", async () => {
    const userId = newId();
    const user = { id: userId, email: "ana@example.com", display_name: "Ana López", first_name: "Ana", last_name: "López", phone: "", created_at: nowIso() };
    await t.db.insertInto("users").values(user).execute();
    await expect(t.db.insertInto("users").values({ ...user, id: newId() }).execute()).rejects.toThrow();
    const orderId = newId();
    await t.db
      .insertInto("orders")
      .values({ id: orderId, user_id: userId, email: user.email, status: "paid", total_cents: 28000, currency: "eur", payment_method: "card", provider: "demo", created_at: nowIso(), updated_at: nowIso() })
      .execute();
    await t.db.deleteFrom("users").where("id", "=", userId).execute();
    const order = await t.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull();
    expect(order.total_cents).toBe(28000);
  });

  it("counts come back as numbers", async () => {
    const row = await t.db.selectFrom("orders").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(typeof row.n).toBe("number");
  });

  it("rate limits per key in a fixed window stored in the database", async () => {
    const rule = { points: 3, windowMs: 60_000 };
    const start = new Date("2026-11-23T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.db, "login:ip:1", rule, start));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(60);
    // Another key is independent.
    expect((await hitRateLimit(t.db, "login:ip:2", rule, start)).allowed).toBe(true);
    // After the window the counter starts again.
    const later = new Date(start.getTime() + 61_000);
    expect((await hitRateLimit(t.db, "login:ip:1", rule, later)).allowed).toBe(true);
    await resetRateLimit(t.db, "login:ip:1");
    expect((await hitRateLimit(t.db, "login:ip:1", rule, later)).remaining).toBe(2);
  });

  it("rate limit hits from many concurrent requests are all counted", async () => {
    const rule = { points: 100, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, "burst", rule)));
    const row = await t.db.selectFrom("rate_limits").select("points").where("key", "=", "burst").executeTakeFirstOrThrow();
    expect(row.points).toBe(20);
  });
});

/**
 * The one-step review of a seeded service (Gestión → Servicios), through the
 * route actions as React Router calls them (the staff middleware's user in
 * context), on SQLite and PostgreSQL: from the list and from the service's
 * page, audited once, a second click writes nothing, a bad post writes
 * nothing, and the panel's count follows. Staff-only and CSRF over HTTP:
 * staff-services-review-http.test.ts.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countServicesToReview } from "~/bookings/service-review.server.ts";
import { action as listAction } from "~/routes/gestion.servicios.tsx";
import { action as pageAction } from "~/routes/gestion.servicios.servicio.tsx";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { staffContext } from "./staff-orders-fixtures.ts";

const post = (url: string, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** Status and Location of what an action returned or threw. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const d = value as { type?: string; init?: { status?: number } | null };
  return { status: d?.type === "DataWithResponseInit" ? (d.init?.status ?? 200) : 200, location: null };
}

describe.each(dbKinds)("reviewing a seeded service on %s", (kind) => {
  let t: TestDb;
  let context: Readonly<RouterContextProvider>;
  let pending: string[];

  const args = (request: Request, params: Record<string, string> = {}) => ({ request, context, params }) as never;
  const reviewPending = async (id: string) =>
    Number(
      (await t.db.selectFrom("services").select("review_pending").where("id", "=", id).executeTakeFirstOrThrow())
        .review_pending,
    );
  const reviews = (id: string) =>
    t.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "entity_type", "before_json", "after_json"])
      .where("entity_id", "=", id)
      .where("action", "=", "service.review")
      .execute();

  beforeAll(async () => {
    t = await createTestDb(kind);
    context = (await staffContext(t.db, kind, "revisa@example.com")).context;
    // The seed proposes the salon's services, every one still to review.
    pending = (
      await t.db.selectFrom("services").select("id").where("review_pending", "=", 1).orderBy("id").execute()
    ).map((r) => r.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("starts with the seeded services to review", async () => {
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(await countServicesToReview(t.db)).toBe(pending.length);
  });

  it("marks one reviewed from the list in one step, audited, and the count drops", async () => {
    const id = pending[0];
    const res = await outcome(() => listAction(args(post("/gestion/servicios", { intent: "revisar", servicio: id }))));
    expect(res).toEqual({ status: 302, location: "/gestion/servicios?aviso=servicio-revisado" });
    expect(await reviewPending(id)).toBe(0);
    const rows = await reviews(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_email: "revisa@example.com", entity_type: "service" });
    expect(JSON.parse(rows[0].before_json!)).toMatchObject({ reviewPending: true });
    expect(JSON.parse(rows[0].after_json!)).toMatchObject({ reviewPending: false });
    expect(await countServicesToReview(t.db)).toBe(pending.length - 1);
  });

  it("says so on a second click and writes nothing", async () => {
    const id = pending[0];
    const res = await outcome(() => listAction(args(post("/gestion/servicios", { intent: "revisar", servicio: id }))));
    expect(res).toEqual({ status: 302, location: "/gestion/servicios?aviso=servicio-ya-revisado" });
    expect(await reviews(id)).toHaveLength(1);
  });

  it("marks one reviewed from its page and returns there", async () => {
    const id = pending[1];
    const res = await outcome(() =>
      pageAction(args(post(`/gestion/servicios/${id}`, { intent: "revisar" }), { serviceId: id })),
    );
    expect(res).toEqual({ status: 302, location: `/gestion/servicios/${id}?aviso=servicio-revisado` });
    expect(await reviewPending(id)).toBe(0);
    expect(await reviews(id)).toHaveLength(1);
  });

  it("answers 404 for an unknown service and 400 without the intent, writing nothing", async () => {
    const before = await countServicesToReview(t.db);
    expect(
      (await outcome(() => listAction(args(post("/gestion/servicios", { intent: "revisar", servicio: "no-existe" })))))
        .status,
    ).toBe(404);
    expect((await outcome(() => listAction(args(post("/gestion/servicios", { servicio: pending[2] }))))).status).toBe(
      400,
    );
    expect(
      (
        await outcome(() =>
          pageAction(args(post("/gestion/servicios/no-existe", { intent: "revisar" }), { serviceId: "no-existe" })),
        )
      ).status,
    ).toBe(404);
    expect(await countServicesToReview(t.db)).toBe(before);
    expect(await reviewPending(pending[2])).toBe(1);
  });
});

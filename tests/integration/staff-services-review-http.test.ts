/**
 * The one-step review of a seeded service over HTTP against the production
 * build (`npm run build` first), on SQLite and PostgreSQL: only the staff may
 * post it, a cross-site post is refused (CSRF), and the panel and the list
 * show what is left to review.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

describe.each(dbKinds)("reviewing a service over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let staffCookie: string;
  let customerCookie: string;
  let serviceId: string;

  const review = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/gestion/servicios`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ intent: "revisar", servicio: serviceId }).toString(),
    });
  const pending = async () =>
    Number(
      (await t.db.selectFrom("services").select("review_pending").where("id", "=", serviceId).executeTakeFirstOrThrow())
        .review_pending,
    );
  const audited = async () =>
    (await t.db.selectFrom("audit_log").select("id").where("action", "=", "service.review").execute()).length;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "revisa-http@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-revisa@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn" });
    serviceId = (
      await t.db
        .selectFrom("services")
        .select("id")
        .where("review_pending", "=", 1)
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("refuses a customer (403) and a signed-out visitor, changing nothing", async () => {
    expect((await review(customerCookie)).status).toBe(403);
    const anonymous = await review("");
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.headers.get("location") ?? "").not.toContain("aviso=servicio-revisado");
    expect(await pending()).toBe(1);
    expect(await audited()).toBe(0);
  });

  it("refuses a cross-site post from a signed-in staff member (CSRF), changing nothing", async () => {
    const res = await review(staffCookie, { origin: "https://otra-web.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(await pending()).toBe(1);
    expect(await audited()).toBe(0);
  });

  it("lets the staff mark it reviewed in one post, shown on the list and the panel", async () => {
    const before = await (await fetch(`${srv.url}/gestion`, { headers: { cookie: staffCookie } })).text();
    const count = Number(/(\d+) servicios? sin revisar/.exec(before)?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(before).toContain('href="/gestion/servicios"');

    const res = await review(staffCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/gestion/servicios?aviso=servicio-revisado");
    expect(await pending()).toBe(0);
    expect(await audited()).toBe(1);

    const list = await (
      await fetch(`${srv.url}/gestion/servicios?aviso=servicio-revisado`, { headers: { cookie: staffCookie } })
    ).text();
    expect(list).toContain("Servicio marcado como revisado.");
    const after = await (await fetch(`${srv.url}/gestion`, { headers: { cookie: staffCookie } })).text();
    const left = count - 1;
    expect(after).toContain(left === 1 ? "1 servicio sin revisar" : `${left} servicios sin revisar`);
  });
});

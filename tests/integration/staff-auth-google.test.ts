/**
 * Staff accounts, part 4: Google sign-in of a staff account stands for the
 * password only. The OIDC exchange itself is covered by oidc.test.ts; here it is
 * replaced so the callback's answer for staff and customers can be compared.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Google from "~/auth/google.server.ts";
import { loader as googleCallback } from "~/routes/auth.google.callback.ts";
import { makeContext, makeUser, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { makeStaff, setCookies } from "../helpers/staff.ts";

const signedIn = vi.hoisted(() => ({ userId: "" }));
vi.mock("~/auth/google.server.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof Google>()),
  finishGoogleSignIn: async () => ({ userId: signedIn.userId, redirectTo: "/gestion/cursos", created: false }),
}));

describe.each(dbKinds)("Google sign-in of staff on %s", (kind) => {
  let t: TestDb;
  const config = testConfig();
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const callback = async (userId: string) => {
    signedIn.userId = userId;
    const request = new Request("http://localhost:3999/auth/google/callback?code=x&state=y");
    return (await googleCallback({
      request,
      context: makeContext(t.db, kind, { config }).context,
      params: {},
    } as never)) as Response;
  };

  it("sends staff to the second factor without a session; customers get theirs", async () => {
    const staff = await makeStaff(t.db, "google-equipo@example.com");
    const toVerify = await callback(staff.id);
    expect(toVerify.headers.get("location")).toBe("/gestion/verificar");
    expect([...setCookies(toVerify).keys()].sort()).toEqual(["an_oidc", "an_staff_challenge"].sort());
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", staff.id).execute()).toEqual([]);
    const challenge = await t.db
      .selectFrom("staff_challenges")
      .selectAll()
      .where("user_id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(challenge.redirect_to).toBe("/gestion/cursos");

    const customer = await makeUser(t.db, "google-clienta@example.com");
    const direct = await callback(customer.id);
    expect(direct.headers.get("location")).toBe("/gestion/cursos");
    expect(setCookies(direct).get("an_session")).toMatch(/Max-Age=2592000/);
  });

  it("refuses a staff account that has no second factor", async () => {
    const bare = await makeUser(t.db, "google-sin-2fa@example.com");
    await t.db.updateTable("users").set({ role: "owner" }).where("id", "=", bare.id).execute();
    const refused = await callback(bare.id);
    expect(refused.headers.get("location")).toBe("/login?error=google");
    expect(setCookies(refused).has("an_session")).toBe(false);
  });
});

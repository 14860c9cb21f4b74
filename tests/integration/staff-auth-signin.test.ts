/**
 * Staff accounts, part 2: signing in. A correct staff password opens no session,
 * only a challenge for the second factor; a right TOTP code (once) or recovery
 * code (once) opens a 12-hour session; wrong codes are refused and rate-limited;
 * the staff area turns away customers and sessions without the second factor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserBySessionToken, insertSession, SESSION_TTL_MS, STAFF_SESSION_TTL_MS } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { loader as loginLoader } from "~/routes/login.tsx";
import { loginAction } from "~/routes/login.server.ts";
import { settingsAction } from "~/routes/perfil.ajustes.server.ts";
import { loadVerify, verifyAction } from "~/routes/gestion.verificar.server.ts";
import { verifyMessages } from "~/staff/auth/messages.ts";
import { NO_SECOND_FACTOR } from "~/staff/auth/challenges.server.ts";
import { formRequest, makeContext, makeUser, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { appCode, bodyOf, makeStaff, setCookies, statusOf, thrown } from "../helpers/staff.ts";

describe.each(dbKinds)("staff sign-in on %s", (kind) => {
  let t: TestDb;
  const config = testConfig();
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const context = (ip = "203.0.113.60") => makeContext(t.db, kind, { config, ip }).context;
  const cookieValue = (line: string | undefined) => (line ?? "").split(";")[0];

  /** Email + password at /login; returns the redirect and the challenge cookie. */
  async function passwordStep(email: string, password: string, redirectTo?: string) {
    const fields: Record<string, string> = { email, password };
    if (redirectTo) fields.redirectTo = redirectTo;
    const response = (await loginAction(formRequest("http://localhost/login", fields), context())) as Response;
    return { response, cookie: cookieValue(setCookies(response).get("an_staff_challenge")) };
  }
  const sendCode = (cookie: string, code: string, ip?: string) =>
    verifyAction(formRequest("http://localhost/gestion/verificar", { code }, cookie), context(ip));

  it("opens no session after the password: a challenge cookie and the second-factor page", async () => {
    const staff = await makeStaff(t.db, "equipo1@example.com");
    const { response, cookie } = await passwordStep(staff.email, staff.password, "/gestion/pedidos");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/gestion/verificar");
    // A document load into the staff area (its own opener policy), not an in-app navigation.
    expect(response.headers.get("x-remix-reload-document")).toBe("true");
    const cookies = setCookies(response);
    expect([...cookies.keys()]).toEqual(["an_staff_challenge"]);
    expect(cookies.get("an_staff_challenge")).toContain("HttpOnly");
    expect(cookies.get("an_staff_challenge")).toContain("Max-Age=300");
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", staff.id).execute()).toEqual([]);

    const page = await loadVerify(
      new Request("http://localhost/gestion/verificar", { headers: { cookie } }),
      context(),
    );
    expect(bodyOf(page)).toEqual({ status: "form", email: "eq•••••@example.com" });
    const none = await loadVerify(new Request("http://localhost/gestion/verificar"), context());
    expect(bodyOf(none)).toEqual({ status: "expired" });

    const wrong = await sendCode(cookie, appCode(staff.secret, 5));
    expect(statusOf(wrong)).toBe(400);
    expect(bodyOf(wrong).error).toBe(verifyMessages.codeWrong);

    const code = appCode(staff.secret);
    const ok = (await sendCode(cookie, code)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/gestion/pedidos");
    const session = setCookies(ok).get("an_session") ?? "";
    expect(session).toMatch(/Max-Age=43200/);
    expect(setCookies(ok).get("an_staff_challenge")).toMatch(/Max-Age=0/);
    const token = decodeURIComponent(cookieValue(session).slice("an_session=".length));
    expect(await findUserBySessionToken(t.db, token)).toMatchObject({
      id: staff.id,
      role: "staff",
      secondFactor: true,
    });
    const row = await t.db.selectFrom("sessions").selectAll().where("id", "=", sha256(token)).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(STAFF_SESSION_TTL_MS);
    const staffUser = await provideStaff(
      new Request("http://localhost/gestion", { headers: { cookie: cookieValue(session) } }),
      context(),
    );
    expect(staffUser.id).toBe(staff.id);

    // The challenge is spent; and the same code never works twice, even in a new sign-in.
    expect(statusOf(await sendCode(cookie, code))).toBe(410);
    const second = await passwordStep(staff.email, staff.password);
    const replay = await sendCode(second.cookie, code);
    expect(statusOf(replay)).toBe(400);
    expect(bodyOf(replay).error).toBe(verifyMessages.codeWrong);
    const next = (await sendCode(second.cookie, appCode(staff.secret, 1))) as Response;
    expect(next.headers.get("location")).toBe("/gestion");
  });

  it("customers still get a 30-day session straight away", async () => {
    const customer = await makeUser(t.db, "clienta-login@example.com");
    const { response } = await passwordStep(customer.email, customer.password);
    const session = cookieValue(setCookies(response).get("an_session"));
    const row = await t.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", sha256(decodeURIComponent(session.slice(11))))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(SESSION_TTL_MS);
    expect(row.second_factor_at).toBeNull();
  });

  it("ends the sign-in after five wrong codes and locks the account's codes", async () => {
    const staff = await makeStaff(t.db, "bloqueo@example.com");
    const { cookie } = await passwordStep(staff.email, staff.password);
    const wrongCode = (i: number) => appCode(staff.secret, 10 + i);
    for (let i = 0; i < 4; i++) expect(statusOf(await sendCode(cookie, wrongCode(i)))).toBe(400);
    const fifth = await sendCode(cookie, wrongCode(4));
    expect(statusOf(fifth)).toBe(429);
    expect(bodyOf(fifth)).toEqual({ status: "locked", message: verifyMessages.lockedOut });
    expect(verifyMessages.lockedOut).toContain("15 minutos");
    // The challenge is dead, and a new one cannot pass either, even with the right code.
    expect(statusOf(await sendCode(cookie, appCode(staff.secret)))).toBe(410);
    const again = await passwordStep(staff.email, staff.password);
    expect(statusOf(await sendCode(again.cookie, appCode(staff.secret)))).toBe(429);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", staff.id).execute()).toEqual([]);
  });

  it("limits codes per address whatever the account", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(statusOf(await sendCode("an_staff_challenge=nada", "123456", "198.51.100.99")));
    expect(statuses.slice(0, 30).every((s) => s === 410)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("accepts each recovery code once, and audits its use", async () => {
    const staff = await makeStaff(t.db, "recuperacion@example.com");
    const first = await passwordStep(staff.email, staff.password);
    const typed = staff.recoveryCodes[3].toUpperCase().replace("-", " ");
    const ok = (await sendCode(first.cookie, typed)) as Response;
    expect(ok.status).toBe(302);
    expect(setCookies(ok).get("an_session")).toMatch(/Max-Age=43200/);
    const second = await passwordStep(staff.email, staff.password);
    expect(statusOf(await sendCode(second.cookie, staff.recoveryCodes[3]))).toBe(400);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", staff.id).execute();
    expect(audit.map((a) => a.action)).toEqual(["staff.recovery-code-use"]);
  });

  it("refuses a staff sign-in that has no second factor to pass", async () => {
    const staff = await makeUser(t.db, "sin-2fa@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    const r = await loginAction(
      formRequest("http://localhost/login", { email: staff.email, password: staff.password }),
      context(),
    );
    expect(statusOf(r)).toBe(403);
    expect(bodyOf(r).errors.form).toBe(NO_SECOND_FACTOR);
  });

  it("turns customers away with a 403 and sends a staff session without the second factor back to sign in, without a loop", async () => {
    const customer = await makeUser(t.db, "clienta-gestion@example.com");
    const customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    for (const url of [
      "http://localhost/gestion",
      "http://localhost/gestion/equipo",
      "http://localhost/gestion/seguridad",
    ]) {
      const denied = await thrown(provideStaff(new Request(url, { headers: { cookie: customerCookie } }), context()));
      expect(denied).toMatchObject({ init: { status: 403 } });
    }
    // A customer session even with second_factor_at set is no staff session.
    const forged = `an_session=${await insertSession(t.db, customer.id, new Date(), { secondFactor: true })}`;
    expect(
      await thrown(provideStaff(new Request("http://localhost/gestion", { headers: { cookie: forged } }), context())),
    ).toMatchObject({ init: { status: 403 } });

    const staff = await makeStaff(t.db, "sin-segundo@example.com");
    const cookie = `an_session=${await insertSession(t.db, staff.id)}`;
    const sent = (await thrown(
      provideStaff(new Request("http://localhost/gestion/equipo", { headers: { cookie } }), context()),
    )) as Response;
    expect(sent.headers.get("location")).toBe("/login?redirectTo=%2Fgestion%2Fequipo");
    const url = new URL("http://localhost/login?redirectTo=%2Fgestion%2Fequipo");
    const page = await loginLoader({
      request: new Request(url, { headers: { cookie } }),
      context: context(),
      url,
      params: {},
    } as never);
    expect(page).toMatchObject({ redirectTo: "/gestion/equipo", notice: expect.stringContaining("área de gestión") });
  });

  it("ends every session of a staff member who changes the password, this one included", async () => {
    const staff = await makeStaff(t.db, "cambio-clave@example.com");
    await insertSession(t.db, staff.id, new Date(), { secondFactor: true });
    const cookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const { context: ctx } = makeContext(t.db, kind, { config });
    await provideStaff(new Request("http://localhost/gestion", { headers: { cookie } }), ctx);
    const fields = {
      intent: "password",
      currentPassword: staff.password,
      password: "nueva-clave-2027",
      confirmPassword: "nueva-clave-2027",
    };
    const r = (await settingsAction(formRequest("http://localhost/perfil/ajustes", fields, cookie), ctx)) as Response;
    expect(r.headers.get("location")).toBe("/login?aviso=contrasena-cambiada");
    expect(setCookies(r).get("an_session")).toMatch(/Max-Age=0/);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", staff.id).execute()).toEqual([]);
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, exportAccountData } from "~/auth/account-data.server.ts";
import { getUser, provideStaff, provideUser, requireUserMiddleware } from "~/auth/user-context.server.ts";
import { DEFAULT_USER_SETTINGS, getSettingsRecord } from "~/auth/user-settings.server.ts";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { verifyPassword } from "~/auth/password.server.ts";
import { checkResetToken, consumeResetToken, createResetToken, ResetTokenError } from "~/auth/password-reset.server.ts";
import {
  createSession,
  destroySession,
  findUserBySessionToken,
  getOptionalUser,
  insertSession,
  requireUser,
  SESSION_TTL_MS,
} from "~/auth/session.server.ts";
import { newId, nowIso, sha256 } from "~/lib/ids.server.ts";
import { loginAction } from "~/routes/login.server.ts";
import { registerAction } from "~/routes/registro.server.ts";
import { cookiePair, formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

type ActionResult = { data?: { errors?: Partial<Record<string, string>> }; init?: { status?: number } | null } | Response;
const statusOf = (r: ActionResult) => (r instanceof Response ? r.status : (r.init?.status ?? 200));
const formErrorOf = (r: ActionResult) => (r instanceof Response ? undefined : r.data?.errors?.form);

describe.each(dbKinds)("accounts on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  describe("sessions", () => {
    it("stores only the token's hash and expires after the TTL", async () => {
      const { id } = await makeUser(t.db, "sesion@example.com");
      const now = new Date("2026-01-01T10:00:00Z");
      const token = await insertSession(t.db, id, now);
      const row = await t.db.selectFrom("sessions").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();
      expect(row.id).toBe(sha256(token));
      expect(row.id).not.toContain(token);
      expect(row.expires_at).toBe(new Date(now.getTime() + SESSION_TTL_MS).toISOString());
      expect((await findUserBySessionToken(t.db, token, now))?.email).toBe("sesion@example.com");
      const justBefore = new Date(now.getTime() + SESSION_TTL_MS - 1000);
      expect(await findUserBySessionToken(t.db, token, justBefore)).not.toBeNull();
      expect(await findUserBySessionToken(t.db, token, new Date(now.getTime() + SESSION_TTL_MS))).toBeNull();
      expect(await findUserBySessionToken(t.db, "not-a-token", now)).toBeNull();
    });

    it("creates a new session on every sign-in, reads it back and deletes it on sign-out", async () => {
      const { id } = await makeUser(t.db, "salir@example.com");
      const { context } = makeContext(t.db, kind);
      const setCookie = await createSession(context, id);
      expect(setCookie).toMatch(/^an_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
      const second = await createSession(context, id);
      expect(cookiePair(second)).not.toBe(cookiePair(setCookie));

      const req = new Request("http://localhost/perfil", { headers: { cookie: `x=1; ${cookiePair(setCookie)}` } });
      expect((await getOptionalUser(req, context))?.id).toBe(id);
      // Asked again for the same request (root and page loaders): the same lookup.
      expect(getOptionalUser(req, context)).toBe(getOptionalUser(req, context));

      const clear = await destroySession(req, context);
      expect(clear).toContain("Max-Age=0");
      const again = new Request("http://localhost/perfil", { headers: { cookie: cookiePair(setCookie) } });
      expect(await getOptionalUser(again, context)).toBeNull();
      // The other session is untouched.
      const other = new Request("http://localhost/perfil", { headers: { cookie: cookiePair(second) } });
      expect((await getOptionalUser(other, context))?.id).toBe(id);
    });

    it("marks the cookie Secure outside plain-http localhost", async () => {
      const { id } = await makeUser(t.db, "segura@example.com");
      const { context, services } = makeContext(t.db, kind);
      services.config = { ...services.config, isLocalOrigin: false };
      expect(await createSession(context, id)).toMatch(/; Secure$/);
    });

    it("requireUser redirects to /login with the path and query to come back to", async () => {
      const { context } = makeContext(t.db, kind);
      const req = new Request("http://localhost/perfil/compras?pagina=2");
      const thrown = await requireUser(req, context).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe("/login?redirectTo=%2Fperfil%2Fcompras%3Fpagina%3D2");
    });

    it("the account middleware puts the signed-in user in context, or redirects like requireUser", async () => {
      const { id } = await makeUser(t.db, "contexto@example.com");
      const { context } = makeContext(t.db, kind);
      const cookie = `an_session=${await insertSession(t.db, id)}`;
      const next = async () => new Response("ok");
      const args = (request: Request, url = new URL(request.url)) =>
        ({ request, url, context, params: {} }) as unknown as Parameters<typeof requireUserMiddleware>[0];

      await requireUserMiddleware(args(new Request("http://localhost/perfil/datos", { headers: { cookie } })), next);
      expect(getUser(context)).toMatchObject({ id, email: "contexto@example.com", firstName: "Ana" });

      const anon = makeContext(t.db, kind).context;
      expect(() => getUser(anon)).toThrow();
      const thrown = await provideUser(new Request("http://localhost/mis-cursos?x=1"), anon).catch((e: unknown) => e);
      expect((thrown as Response).headers.get("location")).toBe("/login?redirectTo=%2Fmis-cursos%3Fx%3D1");
      // A client navigation's data request comes back to the page, not to the .data URL.
      const dataRequest = new Request("http://localhost/perfil/datos.data?_routes=routes%2Fperfil.datos");
      const fromData = await Promise.resolve()
        .then(() => requireUserMiddleware({ ...args(dataRequest, new URL("http://localhost/perfil/datos")), context: anon }, next))
        .catch((e: unknown) => e);
      expect((fromData as Response).headers.get("location")).toBe("/login?redirectTo=%2Fperfil%2Fdatos");
    });

    it("the staff middleware sends visitors to /login and answers 403 to customers", async () => {
      const { id } = await makeUser(t.db, "clienta@example.com");
      const cookie = `an_session=${await insertSession(t.db, id)}`;
      const { context } = makeContext(t.db, kind);
      const anon = await provideStaff(new Request("http://localhost/gestion"), context).catch((e: unknown) => e);
      expect((anon as Response).headers.get("location")).toBe("/login?redirectTo=%2Fgestion");
      const customer = await provideStaff(new Request("http://localhost/gestion", { headers: { cookie } }), context).catch((e: unknown) => e);
      expect(customer).toMatchObject({ init: { status: 403 } });
      expect(() => getUser(context)).toThrow();
    });

    it("keeps one set of default preferences: new accounts, a missing row and the table's column defaults", async () => {
      const { id } = await makeUser(t.db, "preferencias@example.com");
      expect((await getSettingsRecord(t.db, id)).settings).toEqual(DEFAULT_USER_SETTINGS);
      await t.db.deleteFrom("user_settings").where("user_id", "=", id).execute();
      expect((await getSettingsRecord(t.db, id)).settings).toEqual(DEFAULT_USER_SETTINGS);
      // Migration 0001's column defaults (never edited) must still agree with the constant.
      await sql`insert into user_settings (user_id, updated_at) values (${id}, ${nowIso()})`.execute(t.db);
      expect((await getSettingsRecord(t.db, id)).settings).toEqual(DEFAULT_USER_SETTINGS);
    });
  });

  describe("sign-in and register actions", () => {
    it("answers each sign-in case with its Spanish message and follows a safe redirect only", async () => {
      const { email, password } = await makeUser(t.db, "login@example.com");
      const { context } = makeContext(t.db, kind, { ip: "198.51.100.1" });
      const post = (fields: Record<string, string>) => loginAction(formRequest("http://localhost/login", fields), context);

      expect(formErrorOf(await post({ email: "nadie@example.com", password: "x" }))).toBe(
        "No existe una cuenta con este correo electrónico",
      );
      expect(formErrorOf(await post({ email, password: "incorrecta" }))).toBe("Contraseña incorrecta");
      const bad = (await post({ email: "mal", password: "x" })) as { data: { errors: Record<string, string> } };
      expect(bad.data.errors.email).toBe("Formato de correo electrónico inválido");

      const ok = await post({ email: email.toUpperCase(), password, redirectTo: "/perfil/cursos" });
      expect(ok).toBeInstanceOf(Response);
      expect((ok as Response).headers.get("location")).toBe("/perfil/cursos");
      expect((ok as Response).headers.get("set-cookie")).toMatch(/^an_session=/);

      const foreign = (await post({ email, password, redirectTo: "//evil.example/x" })) as Response;
      expect(foreign.headers.get("location")).toBe("/");
    });

    it("limits wrong passwords per account in the database, even from several addresses", async () => {
      const { email, password } = await makeUser(t.db, "limite@example.com");
      const results: ActionResult[] = [];
      for (let i = 0; i < 6; i++) {
        const { context } = makeContext(t.db, kind, { ip: `192.0.2.${i}` });
        results.push(await loginAction(formRequest("http://localhost/login", { email, password: "mala" }), context));
      }
      expect(results.slice(0, 5).map(formErrorOf)).toEqual(Array(5).fill("Contraseña incorrecta"));
      expect(formErrorOf(results[5])).toBe("Demasiados intentos. Inténtalo más tarde");
      expect(statusOf(results[5])).toBe(429);
      // Even the right password is refused while limited.
      const { context } = makeContext(t.db, kind, { ip: "192.0.2.99" });
      const right = await loginAction(formRequest("http://localhost/login", { email, password }), context);
      expect(formErrorOf(right)).toBe("Demasiados intentos. Inténtalo más tarde");
      const stored = await t.db.selectFrom("rate_limits").select("key").execute();
      expect(stored.some((r) => r.key.includes(email))).toBe(false);
    });

    it("limits attempts per address across accounts", async () => {
      const { context } = makeContext(t.db, kind, { ip: "203.0.113.200" });
      let last: ActionResult | undefined;
      for (let i = 0; i < 61; i++) {
        last = await loginAction(formRequest("http://localhost/login", { email: `x${i}@example.com`, password: "x" }), context);
      }
      expect(formErrorOf(last!)).toBe("Demasiados intentos. Inténtalo más tarde");
    });

    it("counts IPv6 clients by their /64: 61 addresses of one network share one limit, another network does not", async () => {
      let last: ActionResult | undefined;
      for (let i = 0; i < 61; i++) {
        const { context } = makeContext(t.db, kind, { ip: `2001:db8:beef:7::${(i + 1).toString(16)}` });
        last = await loginAction(formRequest("http://localhost/login", { email: `v6-${i}@example.com`, password: "x" }), context);
      }
      expect(formErrorOf(last!)).toBe("Demasiados intentos. Inténtalo más tarde");
      expect(statusOf(last!)).toBe(429);
      const { context } = makeContext(t.db, kind, { ip: "2001:db8:beef:8::1" });
      const other = await loginAction(formRequest("http://localhost/login", { email: "v6-otra@example.com", password: "x" }), context);
      expect(formErrorOf(other)).not.toBe("Demasiados intentos. Inténtalo más tarde");
    });

    it("registers with argon2id, settings row and a session; refuses a taken email in any case", async () => {
      const { context } = makeContext(t.db, kind, { ip: "198.51.100.50" });
      const fields = {
        firstName: "Lucía",
        lastName: "García Pérez",
        email: "Lucia@Example.com",
        phone: "",
        password: "esmalte-rosa",
        confirmPassword: "esmalte-rosa",
      };
      const res = (await registerAction(formRequest("http://localhost/registro", fields), context)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("set-cookie")).toMatch(/^an_session=/);
      const user = await findUserByEmail(t.db, "lucia@example.com");
      expect(user).toMatchObject({ email: "lucia@example.com", display_name: "Lucía García Pérez", phone: "" });
      expect(user?.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user!.password_hash!, "esmalte-rosa")).toBe(true);
      expect((await getSettingsRecord(t.db, user!.id)).settings).toMatchObject({ courseEmails: true, newsletter: false });
      // Unverified until the emailed link is used; the link's job was stored with the account.
      expect(user?.email_verified_at).toBeNull();
      // The newest such job: every account created with an unproven address queues one.
      const job = await t.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "email:email-verification")
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      expect(JSON.parse(job?.payload ?? "{}")).toEqual({ userId: user!.id });

      const dup = (await registerAction(formRequest("http://localhost/registro", { ...fields, email: "LUCIA@example.com" }), context)) as {
        data: { errors: Record<string, string> };
      };
      expect(dup.data.errors.email).toBe("Ya existe una cuenta con este correo electrónico");
      const mismatch = (await registerAction(formRequest("http://localhost/registro", { ...fields, email: "otra@example.com", confirmPassword: "x" }), context)) as {
        data: { errors: Record<string, string> };
      };
      expect(mismatch.data.errors.confirmPassword).toBe("Las contraseñas no coinciden");
    });
  });

  describe("password reset tokens", () => {
    it("are single use, expire after one hour and end every session", async () => {
      const { id } = await makeUser(t.db, "reset@example.com");
      const sessionToken = await insertSession(t.db, id);
      const now = new Date();
      const token = await createResetToken(t.db, id, now);
      const row = await t.db.selectFrom("password_resets").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256(token));
      expect(Date.parse(row.expires_at) - now.getTime()).toBe(60 * 60 * 1000);
      expect(await checkResetToken(t.db, token)).toBe("valid");

      await consumeResetToken(t.db, token, "nueva-clave-1");
      const user = await findUserByEmail(t.db, "reset@example.com");
      expect(await verifyPassword(user!.password_hash!, "nueva-clave-1")).toBe(true);
      expect(await findUserBySessionToken(t.db, sessionToken)).toBeNull();

      expect(await checkResetToken(t.db, token)).toBe("used");
      const reuse = await consumeResetToken(t.db, token, "otra-clave-2").catch((e: unknown) => e);
      expect(reuse).toBeInstanceOf(ResetTokenError);
      expect((reuse as ResetTokenError).state).toBe("used");

      const old = await createResetToken(t.db, id, new Date(Date.now() - 61 * 60 * 1000));
      expect(await checkResetToken(t.db, old)).toBe("expired");
      expect(((await consumeResetToken(t.db, old, "otra-clave-3").catch((e: unknown) => e)) as ResetTokenError).state).toBe("expired");
      expect(((await consumeResetToken(t.db, "inventado", "otra-clave-4").catch((e: unknown) => e)) as ResetTokenError).state).toBe("unknown");
    });

    it("using one link voids the user's other pending links", async () => {
      const { id } = await makeUser(t.db, "dos-enlaces@example.com");
      const a = await createResetToken(t.db, id);
      const b = await createResetToken(t.db, id);
      await consumeResetToken(t.db, a, "nueva-clave-1");
      expect(await checkResetToken(t.db, b)).toBe("used");
    });
  });

  describe("export and deletion (GDPR)", () => {
    it("exports the person's data without secrets, then erases it and keeps the anonymised order", async () => {
      const { id, email } = await makeUser(t.db, "borrar@example.com");
      await insertSession(t.db, id);
      await createResetToken(t.db, id);
      const orderId = newId();
      await t.db
        .insertInto("orders")
        .values({ id: orderId, user_id: id, email, status: "paid", total_cents: 28000, currency: "eur", payment_method: "card", provider: "demo", created_at: nowIso(), updated_at: nowIso() })
        .execute();
      await t.db.insertInto("order_items").values({ id: newId(), order_id: orderId, course_id: "formacion-inicio", title: "Formación de inicio", price_cents: 28000 }).execute();
      await t.db
        .insertInto("enrollments")
        .values({ id: newId(), user_id: id, course_id: "formacion-inicio", order_id: orderId, enrolled_at: nowIso(), progress: 10, completed: 0, access_until: nowIso() })
        .execute();

      const exported = await exportAccountData(t.db, id);
      expect(exported?.account).toMatchObject({ email, firstName: "Ana", lastName: "López", phone: "600 000 000", googleLinked: false });
      expect(exported?.orders[0]).toMatchObject({ id: orderId, totalCents: 28000, items: [{ title: "Formación de inicio" }] });
      expect(exported?.enrollments).toHaveLength(1);
      expect(exported?.sessions).toHaveLength(1);
      const json = JSON.stringify(exported);
      expect(json).not.toContain("argon2");
      expect(json).not.toMatch(/password|token_hash/i);

      await deleteAccount(t.db, id);
      expect(await findUserByEmail(t.db, email)).toBeUndefined();
      for (const table of ["sessions", "password_resets", "user_settings", "enrollments"] as const) {
        expect(await t.db.selectFrom(table).selectAll().where("user_id", "=", id).execute()).toEqual([]);
      }
      const order = await t.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ user_id: null, email: null, total_cents: 28000, status: "paid" });
      expect(await exportAccountData(t.db, id)).toBeNull();
    });
  });
});

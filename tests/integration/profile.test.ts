import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail, findUserById } from "~/auth/accounts.server.ts";
import { verifyPassword } from "~/auth/password.server.ts";
import { findUserBySessionToken, insertSession } from "~/auth/session.server.ts";
import { provideUser } from "~/auth/user-context.server.ts";
import { getSettingsRecord } from "~/auth/user-settings.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { loadSettingsSection, settingsAction } from "~/routes/perfil.ajustes.server.ts";
import { loader as purchasesLoader } from "~/routes/perfil.compras.tsx";
import { loader as coursesLoader } from "~/routes/perfil.cursos.tsx";
import { loadPersonal, personalAction } from "~/routes/perfil.datos.server.ts";
import { loader as indexLoader } from "~/routes/perfil.index.tsx";
import { loader as exportLoader } from "~/routes/perfil.mis-datos.ts";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

type Result = Response | { data: { errors: Partial<Record<string, string>> }; init: { status?: number } | null };
const errorsOf = (r: Result) => (r instanceof Response ? {} : r.data.errors);

describe.each(dbKinds)("profile on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** A signed-in user's context, as the account layout's middleware leaves it. */
  async function signedIn(email: string) {
    const user = await makeUser(t.db, email);
    const token = await insertSession(t.db, user.id);
    const { context } = makeContext(t.db, kind);
    const cookie = `an_session=${token}`;
    await provideUser(new Request("http://localhost/perfil", { headers: { cookie } }), context);
    // Each intent goes to the section that shows its form.
    const post = (fields: Record<string, string>) => {
      const section = fields.intent === "profile" ? "datos" : "ajustes";
      const request = formRequest(`http://localhost/perfil/${section}`, fields, cookie);
      return (
        section === "datos" ? personalAction(request, context) : settingsAction(request, context)
      ) as Promise<Result>;
    };
    return { user, token, context, cookie, post };
  }

  it("the database refuses a second account differing only in case", async () => {
    await makeUser(t.db, "caso@example.com");
    await expect(
      t.db
        .insertInto("users")
        .values({
          id: newId(),
          email: "CASO@example.com",
          display_name: "x",
          first_name: "x",
          last_name: "x",
          phone: "",
          created_at: nowIso(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("loads each section's own data and redirects visitors to /login", async () => {
    const { context, user } = await signedIn("carga@example.com");
    const args = { context, params: {} } as never;
    expect(await loadPersonal(new URL("http://localhost/perfil/datos?editar=1"), context)).toMatchObject({
      editing: true,
      profile: { email: user.email, firstName: "Ana", hasPassword: true, emailVerified: false },
    });
    expect(await coursesLoader(args)).toEqual({ enrollments: [], today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await purchasesLoader(args)).toEqual({ orders: [], withdrawal: {} });
    expect(await loadSettingsSection(context)).toMatchObject({
      hasPassword: true,
      settings: { courseEmails: true, newsletter: false },
    });

    const anon = await provideUser(new Request("http://localhost/perfil"), makeContext(t.db, kind).context).catch(
      (e: unknown) => e,
    );
    expect((anon as Response).headers.get("location")).toBe("/login?redirectTo=%2Fperfil");
  });

  it("sends /perfil and the old ?tab= links to the sections' own URLs", async () => {
    const target = (url: string) => {
      try {
        indexLoader({ request: new Request(url), url: new URL(url), params: {} } as never);
      } catch (thrown) {
        return (thrown as Response).headers.get("location");
      }
      return null;
    };
    expect(target("http://localhost/perfil")).toBe("/perfil/datos");
    expect(target("http://localhost/perfil?tab=configuracion")).toBe("/perfil/ajustes");
    expect(target("http://localhost/perfil?tab=compras")).toBe("/perfil/compras");
    expect(target("http://localhost/perfil?tab=datos&editar=1")).toBe("/perfil/datos?editar=1");
  });

  it("edits personal data; a new email needs the password and must be free", async () => {
    const { post, user } = await signedIn("editar@example.com");
    await makeUser(t.db, "ocupado@example.com");
    const base = { intent: "profile", firstName: "Ana María", lastName: "López", phone: "611 22 33 44" };
    const saved = (await post({ ...base, email: user.email })) as Response;
    expect(saved.headers.get("location")).toBe("/perfil/datos?guardado=datos");
    expect(await findUserById(t.db, user.id)).toMatchObject({ display_name: "Ana María López", phone: "611 22 33 44" });

    expect(errorsOf(await post({ ...base, email: "nuevo@example.com" })).currentPassword).toBe(
      "Para cambiar el correo, introduce tu contraseña",
    );
    expect(errorsOf(await post({ ...base, email: "nuevo@example.com", currentPassword: "mala" })).currentPassword).toBe(
      "Contraseña incorrecta",
    );
    expect(errorsOf(await post({ ...base, email: "ocupado@example.com", currentPassword: user.password })).email).toBe(
      "Ya existe una cuenta con este correo electrónico",
    );
    expect(errorsOf(await post({ ...base, email: "x" })).email).toBe("Formato de correo electrónico inválido");
    expect(await post({ ...base, email: "Nuevo@Example.com", currentPassword: user.password })).toBeInstanceOf(
      Response,
    );
    expect((await findUserByEmail(t.db, "nuevo@example.com"))?.id).toBe(user.id);
  });

  it("persists the two settings and ignores keys that no longer exist", async () => {
    const { post, user } = await signedIn("ajustes@example.com");
    const saved = (await post({ intent: "settings", newsletter: "on", publicProfile: "on" })) as Response;
    expect(saved.headers.get("location")).toBe("/perfil/ajustes?guardado=preferencias");
    expect((await getSettingsRecord(t.db, user.id)).settings).toEqual({ courseEmails: false, newsletter: true });
  });

  it("keeps the date marketing consent was first given, and clears it when withdrawn", async () => {
    const { post, user, context } = await signedIn("consiente@example.com");
    expect(await loadSettingsSection(context)).toMatchObject({
      settings: { courseEmails: true, newsletter: false },
      newsletterConsentOn: null,
    });
    await post({ intent: "settings", courseEmails: "on", newsletter: "on" });
    const first = await getSettingsRecord(t.db, user.id);
    expect(first.newsletterConsentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // As if consent had been given on 3 November: a later save keeps that date.
    await t.db
      .updateTable("user_settings")
      .set({ newsletter_consent_at: "2026-11-03T10:00:00.000Z" })
      .where("user_id", "=", user.id)
      .execute();
    await post({ intent: "settings", newsletter: "on" });
    expect(await getSettingsRecord(t.db, user.id)).toEqual({
      settings: { courseEmails: false, newsletter: true },
      newsletterConsentAt: "2026-11-03T10:00:00.000Z",
    });
    expect((await loadSettingsSection(context)).newsletterConsentOn).toBe("2026-11-03");

    await post({ intent: "settings", courseEmails: "on" });
    expect(await getSettingsRecord(t.db, user.id)).toEqual({
      settings: { courseEmails: true, newsletter: false },
      newsletterConsentAt: null,
    });
    const row = await t.db.selectFrom("user_settings").selectAll().where("user_id", "=", user.id).executeTakeFirst();
    expect(row?.newsletter_consent_at).toBeNull();
    expect((await loadSettingsSection(context)).newsletterConsentOn).toBeNull();
  });

  it("changes the password with the current one and signs out the other sessions only", async () => {
    const { post, user, token } = await signedIn("cambio@example.com");
    const other = await insertSession(t.db, user.id);
    expect(
      errorsOf(
        await post({
          intent: "password",
          currentPassword: "mala",
          password: "nueva-clave",
          confirmPassword: "nueva-clave",
        }),
      ).currentPassword,
    ).toBe("Contraseña incorrecta");
    expect(
      errorsOf(
        await post({
          intent: "password",
          currentPassword: user.password,
          password: "nueva-clave",
          confirmPassword: "otra",
        }),
      ).confirmPassword,
    ).toBe("Las contraseñas no coinciden");
    const ok = await post({
      intent: "password",
      currentPassword: user.password,
      password: "nueva-clave",
      confirmPassword: "nueva-clave",
    });
    expect((ok as Response).headers.get("location")).toBe("/perfil/ajustes?guardado=contrasena");
    const row = await findUserById(t.db, user.id);
    expect(await verifyPassword(row!.password_hash!, "nueva-clave")).toBe(true);
    expect(await findUserBySessionToken(t.db, token)).not.toBeNull();
    expect(await findUserBySessionToken(t.db, other)).toBeNull();
  });

  it("deletes the account only with the confirmation and the password", async () => {
    const { post, user } = await signedIn("adios@example.com");
    expect(errorsOf(await post({ intent: "delete", currentPassword: user.password })).confirm).toBe(
      "Marca la casilla para confirmar que quieres eliminar tu cuenta",
    );
    expect(errorsOf(await post({ intent: "delete", confirm: "on", currentPassword: "mala" })).currentPassword).toBe(
      "Contraseña incorrecta",
    );
    const res = (await post({ intent: "delete", confirm: "on", currentPassword: user.password })) as Response;
    expect(res.headers.get("location")).toBe("/login?aviso=cuenta-eliminada");
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await findUserById(t.db, user.id)).toBeUndefined();
  });

  it("exports the data as a JSON attachment", async () => {
    const { context, cookie, user } = await signedIn("exporta@example.com");
    const res = await exportLoader({
      request: new Request("http://localhost/perfil/mis-datos.json", { headers: { cookie } }),
      context,
      params: {},
    } as never);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="alejandra-nails-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = (await res.json()) as { account: { email: string }; settings: unknown };
    expect(body.account.email).toBe(user.email);
    expect(body.settings).toEqual({ courseEmails: true, newsletter: false, newsletterConsentAt: null });
  });

  it("exports both preferences and the consent date", async () => {
    const { context, cookie, post } = await signedIn("exporta-consentimiento@example.com");
    await post({ intent: "settings", newsletter: "on" });
    const res = await exportLoader({
      request: new Request("http://localhost/perfil/mis-datos.json", { headers: { cookie } }),
      context,
      params: {},
    } as never);
    const body = (await res.json()) as {
      settings: { courseEmails: boolean; newsletter: boolean; newsletterConsentAt: string };
    };
    expect(body.settings).toMatchObject({ courseEmails: false, newsletter: true });
    expect(Date.now() - Date.parse(body.settings.newsletterConsentAt)).toBeLessThan(60_000);
  });
});

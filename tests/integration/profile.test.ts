import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSettings } from "~/auth/account-data.server.ts";
import { findUserByEmail, findUserById } from "~/auth/accounts.server.ts";
import { verifyPassword } from "~/auth/password.server.ts";
import { findUserBySessionToken, insertSession } from "~/auth/session.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { profileAction, profileLoader } from "~/routes/perfil.server.ts";
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

  async function signedIn(email: string) {
    const user = await makeUser(t.db, email);
    const token = await insertSession(t.db, user.id);
    const { context } = makeContext(t.db, kind);
    const cookie = `an_session=${token}`;
    const post = (fields: Record<string, string>) => profileAction(formRequest("http://localhost/perfil", fields, cookie), context) as Promise<Result>;
    return { user, token, context, cookie, post };
  }

  it("the database refuses a second account differing only in case", async () => {
    await makeUser(t.db, "caso@example.com");
    await expect(
      t.db.insertInto("users").values({ id: newId(), email: "CASO@example.com", display_name: "x", first_name: "x", last_name: "x", phone: "", created_at: nowIso() }).execute(),
    ).rejects.toThrow();
  });

  it("loads everything from the database and redirects visitors to /login", async () => {
    const { context, cookie, user } = await signedIn("carga@example.com");
    const data = await profileLoader(new Request("http://localhost/perfil?tab=compras", { headers: { cookie } }), context);
    expect(data).toMatchObject({ tab: "compras", profile: { email: user.email, firstName: "Ana", hasPassword: true }, orders: [], enrollments: [] });
    const anon = await profileLoader(new Request("http://localhost/perfil"), context).catch((e: unknown) => e);
    expect((anon as Response).headers.get("location")).toBe("/login?redirectTo=%2Fperfil");
  });

  it("edits personal data; a new email needs the password and must be free", async () => {
    const { post, user } = await signedIn("editar@example.com");
    await makeUser(t.db, "ocupado@example.com");
    const base = { intent: "profile", firstName: "Ana María", lastName: "López", phone: "611 22 33 44" };
    expect(await post({ ...base, email: user.email })).toBeInstanceOf(Response);
    expect(await findUserById(t.db, user.id)).toMatchObject({ display_name: "Ana María López", phone: "611 22 33 44" });

    expect(errorsOf(await post({ ...base, email: "nuevo@example.com" })).currentPassword).toBe("Para cambiar el correo, introduce tu contraseña");
    expect(errorsOf(await post({ ...base, email: "nuevo@example.com", currentPassword: "mala" })).currentPassword).toBe("Contraseña incorrecta");
    expect(errorsOf(await post({ ...base, email: "ocupado@example.com", currentPassword: user.password })).email).toBe(
      "Ya existe una cuenta con este correo electrónico",
    );
    expect(errorsOf(await post({ ...base, email: "x" })).email).toBe("Formato de correo electrónico inválido");
    expect(await post({ ...base, email: "Nuevo@Example.com", currentPassword: user.password })).toBeInstanceOf(Response);
    expect((await findUserByEmail(t.db, "nuevo@example.com"))?.id).toBe(user.id);
  });

  it("persists the five settings", async () => {
    const { post, user } = await signedIn("ajustes@example.com");
    await post({ intent: "settings", newsletter: "on", publicProfile: "on" });
    expect(await getSettings(t.db, user.id)).toEqual({
      courseEmails: false,
      progressNotifications: false,
      newsletter: true,
      publicProfile: true,
      showProgress: false,
    });
  });

  it("changes the password with the current one and signs out the other sessions only", async () => {
    const { post, user, token } = await signedIn("cambio@example.com");
    const other = await insertSession(t.db, user.id);
    expect(errorsOf(await post({ intent: "password", currentPassword: "mala", password: "nueva-clave", confirmPassword: "nueva-clave" })).currentPassword).toBe(
      "Contraseña incorrecta",
    );
    expect(errorsOf(await post({ intent: "password", currentPassword: user.password, password: "nueva-clave", confirmPassword: "otra" })).confirmPassword).toBe(
      "Las contraseñas no coinciden",
    );
    const ok = await post({ intent: "password", currentPassword: user.password, password: "nueva-clave", confirmPassword: "nueva-clave" });
    expect(ok).toBeInstanceOf(Response);
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
    expect(errorsOf(await post({ intent: "delete", confirm: "on", currentPassword: "mala" })).currentPassword).toBe("Contraseña incorrecta");
    const res = (await post({ intent: "delete", confirm: "on", currentPassword: user.password })) as Response;
    expect(res.headers.get("location")).toBe("/login?aviso=cuenta-eliminada");
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await findUserById(t.db, user.id)).toBeUndefined();
  });

  it("exports the data as a JSON attachment", async () => {
    const { context, cookie, user } = await signedIn("exporta@example.com");
    const res = await exportLoader({ request: new Request("http://localhost/perfil/mis-datos.json", { headers: { cookie } }), context, params: {} } as never);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="alejandra-nails-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = (await res.json()) as { account: { email: string } };
    expect(body.account.email).toBe(user.email);
  });
});

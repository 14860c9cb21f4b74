/**
 * Staff accounts, part 1: invitations and activation (link → name and password →
 * TOTP confirmed → recovery codes shown once → staff session), single use and
 * expiry, an address that already has an account, the invitation email, and the
 * `gestion:invitar` command line.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { findUserBySessionToken, STAFF_SESSION_TTL_MS } from "~/auth/session.server.ts";
import { createDb } from "~/db/db.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { activationAction, loadActivation } from "~/routes/gestion.activar.server.ts";
import { activationMessages, INVALID_LINK } from "~/staff/auth/messages.ts";
import { staffInvitationTemplate } from "~/staff/auth/invitations.server.ts";
import { formRequest, makeContext, makeUser, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { appCode, bodyOf, inviteFromCli, setCookies, statusOf } from "../helpers/staff.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

describe.each(dbKinds)("staff invitations and activation on %s", (kind) => {
  let t: TestDb;
  const config = testConfig();
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const context = (ip = "203.0.113.50") => makeContext(t.db, kind, { config, ip }).context;
  const open = (token: string) => loadActivation(context(), token);
  const submit = (token: string, fields: Record<string, string>, ip?: string) =>
    activationAction(formRequest(`http://localhost/gestion/activar/${token}`, fields), context(ip), token);
  const newPerson = {
    mode: "new",
    firstName: "Alejandra",
    lastName: "Ruiz",
    password: "esmalte-rosa-2027",
    confirmPassword: "esmalte-rosa-2027",
  };
  const auditOf = (action: string, entityId: string) =>
    t.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("entity_id", "=", entityId).execute();

  it("activates an invitation: details, QR and secret, code confirmed, ten recovery codes once, a 12-hour staff session", async () => {
    const { token } = await inviteFromCli(t.db, "duena@example.com", "owner");
    const page = bodyOf(await open(token));
    expect(page).toMatchObject({ status: "form", email: "duena@example.com", roleLabel: "Propietaria", mode: "new" });
    expect(page.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(page.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{4}$/);
    // Reloading shows the same secret: nothing is stored before it is confirmed.
    expect(bodyOf(await open(token)).secret).toBe(page.secret);

    const wrong = await submit(token, { ...newPerson, code: "000000" === appCode(page.secret) ? "111111" : "000000" });
    expect(statusOf(wrong)).toBe(400);
    expect(bodyOf(wrong).errors.code).toBe(activationMessages.codeWrong);
    const incomplete = await submit(token, { mode: "new", code: "" });
    expect(bodyOf(incomplete).errors).toMatchObject({
      firstName: "Introduce tu nombre",
      password: "Introduce tu contraseña",
      code: activationMessages.codeRequired,
    });
    expect(bodyOf(await open(token)).status).toBe("form");

    const done = await submit(token, { ...newPerson, code: appCode(page.secret) });
    const body = bodyOf(done);
    expect(statusOf(done)).toBe(200);
    expect(body.status).toBe("done");
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const headers = new Headers((done as { init: ResponseInit }).init.headers);
    const cookie = setCookies(headers).get("an_session") ?? "";
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).toMatch(/HttpOnly/);
    const sessionToken = decodeURIComponent(cookie.split(";")[0].slice("an_session=".length));
    const user = await findUserBySessionToken(t.db, sessionToken);
    expect(user).toMatchObject({
      email: "duena@example.com",
      role: "owner",
      secondFactor: true,
      displayName: "Alejandra Ruiz",
    });
    const session = await t.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", sha256(sessionToken))
      .executeTakeFirstOrThrow();
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(STAFF_SESSION_TTL_MS);

    // Only hashes are stored.
    const stored = await t.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", user!.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(body.recoveryCodes[0]);
    const invitation = await t.db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("email", "=", "duena@example.com")
      .execute();
    expect(invitation.map((r) => r.token_hash)).toEqual([sha256(token)]);

    expect(await auditOf("staff.invite", "duena@example.com")).toMatchObject([{ actor_email: "cli", actor_id: null }]);
    const [activated] = await auditOf("staff.activate", user!.id);
    expect(JSON.parse(activated.after_json ?? "{}")).toEqual({
      email: "duena@example.com",
      role: "owner",
      twoFactor: true,
    });

    // The link is spent: the page says so without details.
    const again = await open(token);
    expect(statusOf(again)).toBe(410);
    expect(bodyOf(again)).toEqual({ status: "invalid", message: INVALID_LINK });
    expect(statusOf(await submit(token, { ...newPerson, code: appCode(page.secret) }))).toBe(410);
  });

  it("answers 404 to an unknown link and 410 to an expired or revoked one, with the same words", async () => {
    for (const token of ["no-existe", "x".repeat(5000), ""]) {
      const r = await open(token);
      expect(statusOf(r)).toBe(404);
      expect(bodyOf(r).message).toBe(INVALID_LINK);
    }
    const { token } = await inviteFromCli(t.db, "caducada@example.com", "staff");
    await t.db
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", sha256(token))
      .execute();
    expect(statusOf(await open(token))).toBe(410);
    expect(bodyOf(await open(token)).message).toBe(INVALID_LINK);

    // A second invitation for the address replaces the first.
    const first = await inviteFromCli(t.db, "dos-veces@example.com", "staff");
    await inviteFromCli(t.db, "dos-veces@example.com", "staff");
    expect(statusOf(await open(first.token))).toBe(410);
  });

  it("lets exactly one of two simultaneous activations win", async () => {
    const { token } = await inviteFromCli(t.db, "carrera@example.com", "staff");
    const { secret } = bodyOf(await open(token));
    const code = appCode(secret);
    const results = await Promise.all([submit(token, { ...newPerson, code }), submit(token, { ...newPerson, code })]);
    expect(results.map((r) => bodyOf(r).status).sort()).toEqual(["done", "invalid"]);
    expect(
      await t.db.selectFrom("users").select("id").where("email", "=", "carrera@example.com").execute(),
    ).toHaveLength(1);
  });

  it("asks an existing account for its own password; never lets the link replace it", async () => {
    const customer = await makeUser(t.db, "clienta-equipo@example.com");
    const { token } = await inviteFromCli(t.db, customer.email, "staff");
    const page = bodyOf(await open(token));
    expect(page.mode).toBe("password");
    // A form drawn for a new account (or tampered with) is refused, and no password is set.
    expect(statusOf(await submit(token, { ...newPerson, code: appCode(page.secret) }))).toBe(409);
    const wrong = await submit(token, { mode: "password", currentPassword: "no-es-esta", code: appCode(page.secret) });
    expect(bodyOf(wrong).errors.currentPassword).toBe("Contraseña incorrecta");
    const done = await submit(token, {
      mode: "password",
      currentPassword: customer.password,
      code: appCode(page.secret),
    });
    expect(bodyOf(done).status).toBe("done");
    const row = await findUserByEmail(t.db, customer.email);
    expect(row).toMatchObject({ id: customer.id, role: "staff", first_name: "Ana" });

    // An account without a password (Google) must first prove the mailbox with a reset.
    const google = await t.db
      .insertInto("users")
      .values({
        id: "google-only",
        email: "google@example.com",
        display_name: "G",
        first_name: "G",
        last_name: "",
        phone: "",
        created_at: new Date().toISOString(),
        google_sub: "sub-1",
        email_verified_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const g = await inviteFromCli(t.db, "google@example.com", "staff");
    expect(bodyOf(await open(g.token)).mode).toBe("google");
    const refused = await submit(g.token, { ...newPerson, code: "123456" });
    expect(statusOf(refused)).toBe(409);
    expect(bodyOf(refused).errors.form).toBe(activationMessages.google);
    expect((await findUserByEmail(t.db, "google@example.com"))?.password_hash).toBeNull();
    expect(google.id).toBe("google-only");
  });

  it("emails a fresh link of the same invitation; the first one used spends both", async () => {
    const { token } = await inviteFromCli(t.db, "correo@example.com", "staff");
    const ctx = {
      db: t.db,
      publicUrl: "https://www.alejandranails.es",
      logger: createLogger("silent"),
      now: new Date(),
    };
    const message = await staffInvitationTemplate.render(ctx, { email: "correo@example.com" });
    expect(message).toMatchObject({
      to: "correo@example.com",
      subject: "Activa tu acceso al área de gestión · Alejandra Nails",
    });
    const emailed = /https:\/\/www\.alejandranails\.es\/gestion\/activar\/([\w-]+)/.exec(message?.text ?? "")?.[1];
    expect(emailed).toBeTruthy();
    expect(emailed).not.toBe(token);
    expect(bodyOf(await open(emailed!)).status).toBe("form");
    const { secret } = bodyOf(await open(emailed!));
    expect(bodyOf(await submit(emailed!, { ...newPerson, code: appCode(secret) })).status).toBe("done");
    expect(statusOf(await open(token))).toBe(410);
    // Nothing left to send once it was used.
    expect(await staffInvitationTemplate.render(ctx, { email: "correo@example.com" })).toBeNull();
  });

  it("limits activation attempts per address", async () => {
    const { token } = await inviteFromCli(t.db, "limite@example.com", "staff");
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push(statusOf(await submit(token, { mode: "new" }, "198.51.100.77")));
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("the command line runs the migrations, prints a working link and audits as cli", { timeout: 30_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "an-cli-"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3301" };
    if (kind === "sqlite") delete env.DATABASE_URL;
    else env.DATABASE_URL = t.url;
    const node = process.execPath;
    const script = path.join(ROOT, "scripts/gestion-invitar.ts");
    const { stdout } = await run(node, [script, "--email", "Primera@Example.com", "--role", "owner"], {
      env,
      cwd: ROOT,
    });
    const link = /http:\/\/localhost:3301\/gestion\/activar\/([\w-]+)/.exec(stdout);
    expect(stdout).toContain("Invitación creada para primera@example.com (propietaria).");
    expect(link).not.toBeNull();

    const db = kind === "sqlite" ? createDb(`file:${path.join(dataDir, "salon.db")}`) : t.db;
    try {
      const page = await loadActivation(makeContext(db, kind, { config }).context, link![1]);
      expect(bodyOf(page)).toMatchObject({ status: "form", email: "primera@example.com", roleLabel: "Propietaria" });
      const audit = await db
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_id", "=", "primera@example.com")
        .execute();
      expect(audit).toMatchObject([{ action: "staff.invite", actor_email: "cli" }]);
    } finally {
      if (db !== t.db) await db.destroy();
    }

    const bad = await run(node, [script, "--email", "no-es-correo", "--role", "owner"], { env, cwd: ROOT }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain("Correo no válido");
  });
});

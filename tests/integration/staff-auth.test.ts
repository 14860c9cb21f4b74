/**
 * Staff accounts, part 1: invitations and activation (link → "Continuar", which
 * binds it to the browser → name and password → TOTP confirmed → recovery codes
 * shown once → staff session), single use and expiry, a link opened in one
 * browser refused to any other and lapsing 30 minutes after it was opened, an
 * address that already has an account, the invitation email, and the
 * `gestion:invitar` command line.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { findUserBySessionToken, STAFF_SESSION_TTL_MS } from "~/auth/session.server.ts";
import { createDb } from "~/db/db.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { activationAction, loadActivation } from "~/routes/gestion.activar.server.ts";
import { activationMessages, INVALID_LINK, LINK_OPENED_ELSEWHERE } from "~/staff/auth/messages.ts";
import { listPendingInvitations, staffInvitationTemplate } from "~/staff/auth/invitations.server.ts";
import { cookiePair, formRequest, makeContext, makeUser, testConfig } from "../helpers/accounts.ts";
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

  // Each request from its own address unless a test names one: the per-address limit has its own test.
  let requests = 0;
  const nextIp = () => `198.18.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`;
  const context = (ip = nextIp()) => makeContext(t.db, kind, { config, ip }).context;
  const url = (token: string) => `http://localhost/gestion/activar/${token}`;
  /** The page, as a browser with this cookie (or none) sees it. */
  const view = (token: string, cookie?: string) =>
    loadActivation(new Request(url(token), { headers: cookie ? { cookie } : {} }), context(), token);
  const submit = (token: string, fields: Record<string, string>, cookie?: string, ip?: string) =>
    activationAction(formRequest(url(token), fields, cookie), context(ip), token);
  /** The "Continuar" button; `cookie` is the browser's, when it has one. */
  const press = (token: string, cookie?: string, ip?: string) => submit(token, { intent: "open" }, cookie, ip);
  /** A browser opens the link: its page, the button, the page again with the cookie it got. */
  async function open(token: string) {
    expect(bodyOf(await view(token)).status).toBe("open");
    const pressed = await press(token);
    expect(pressed).toBeInstanceOf(Response);
    const cookie = cookiePair(setCookies(pressed as Response).get("an_staff_activation") ?? "");
    expect(cookie).toMatch(/^an_staff_activation=[\w-]{43}$/);
    const page = await view(token, cookie);
    expect(bodyOf(page).status).toBe("form");
    return { cookie, page: bodyOf(page) };
  }
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
    // Before "Continuar": who the invitation is for, and nothing to enrol with.
    const first = bodyOf(await view(token));
    expect(first).toMatchObject({ status: "open", email: "duena@example.com", roleLabel: "Propietaria" });
    expect(first).not.toHaveProperty("secret");
    const { cookie, page } = await open(token);
    expect(page).toMatchObject({ status: "form", email: "duena@example.com", roleLabel: "Propietaria", mode: "new" });
    expect(page.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(page.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{4}$/);
    // Reloading shows the same secret: nothing is stored before it is confirmed.
    expect(bodyOf(await view(token, cookie)).secret).toBe(page.secret);

    const wrong = await submit(
      token,
      { ...newPerson, code: "000000" === appCode(page.secret) ? "111111" : "000000" },
      cookie,
    );
    expect(statusOf(wrong)).toBe(400);
    expect(bodyOf(wrong).errors.code).toBe(activationMessages.codeWrong);
    const incomplete = await submit(token, { mode: "new", code: "" }, cookie);
    expect(bodyOf(incomplete).errors).toMatchObject({
      firstName: "Introduce tu nombre",
      password: "Introduce tu contraseña",
      code: activationMessages.codeRequired,
    });
    expect(bodyOf(await view(token, cookie)).status).toBe("form");

    const done = await submit(token, { ...newPerson, code: appCode(page.secret) }, cookie);
    const body = bodyOf(done);
    expect(statusOf(done)).toBe(200);
    expect(body.status).toBe("done");
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const headers = new Headers((done as { init: ResponseInit }).init.headers);
    const sessionCookie = setCookies(headers).get("an_session") ?? "";
    expect(sessionCookie).toMatch(/Max-Age=43200/);
    expect(sessionCookie).toMatch(/HttpOnly/);
    const sessionToken = decodeURIComponent(sessionCookie.split(";")[0].slice("an_session=".length));
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
    const again = await view(token, cookie);
    expect(statusOf(again)).toBe(410);
    expect(bodyOf(again)).toEqual({ status: "invalid", message: INVALID_LINK });
    expect(statusOf(await submit(token, { ...newPerson, code: appCode(page.secret) }, cookie))).toBe(410);
    expect(statusOf(await press(token, cookie))).toBe(410);
  });

  it("answers 404 to an unknown link and 410 to an expired or revoked one, with the same words", async () => {
    for (const token of ["no-existe", "x".repeat(5000), ""]) {
      const r = await view(token);
      expect(statusOf(r)).toBe(404);
      expect(bodyOf(r).message).toBe(INVALID_LINK);
    }
    const { token } = await inviteFromCli(t.db, "caducada@example.com", "staff");
    await t.db
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", sha256(token))
      .execute();
    expect(statusOf(await view(token))).toBe(410);
    expect(bodyOf(await view(token)).message).toBe(INVALID_LINK);
    expect(statusOf(await press(token))).toBe(410);

    // A second invitation for the address replaces the first.
    const first = await inviteFromCli(t.db, "dos-veces@example.com", "staff");
    await inviteFromCli(t.db, "dos-veces@example.com", "staff");
    expect(statusOf(await view(first.token))).toBe(410);
  });

  it("lets exactly one of two simultaneous activations win", async () => {
    // Several rounds: the loser may arrive before, during or after the winner's transaction.
    for (let round = 0; round < 4; round++) {
      const email = `carrera-${round}@example.com`;
      const { token } = await inviteFromCli(t.db, email, "staff");
      const { cookie, page } = await open(token);
      const code = appCode(page.secret);
      const results = await Promise.all([
        submit(token, { ...newPerson, code }, cookie),
        submit(token, { ...newPerson, code }, cookie),
      ]);
      expect(results.map((r) => bodyOf(r).status).sort()).toEqual(["done", "invalid"]);
      expect(await t.db.selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(1);
    }
  });

  it("binds an opened link to its browser: another one cannot see or use it, the first one finishes", async () => {
    const { token } = await inviteFromCli(t.db, "ligada@example.com", "staff");
    const before = Date.now();
    const { cookie, page } = await open(token);
    const set = setCookies((await press(token, cookie)) as Response).get("an_staff_activation") ?? "";
    // Pressed again in the same browser: the same secret, nothing else changes.
    expect(cookiePair(set)).toBe(cookie);
    for (const attribute of ["HttpOnly", "SameSite=Lax", "Path=/gestion/activar", "Max-Age=1800"]) {
      expect(set).toContain(attribute);
    }
    // From now on the link lasts 30 minutes, not 24 hours.
    const row = await t.db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("token_hash", "=", sha256(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - before).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    expect(Date.parse(row.expires_at) - before).toBeGreaterThan(29 * 60_000);
    expect(page.expiresAt).toBe(row.expires_at);
    expect(row.browser_hash).toBe(sha256(cookie.slice("an_staff_activation=".length)));
    expect(row.opened_at).not.toBeNull();
    expect((await listPendingInvitations(t.db)).find((i) => i.email === "ligada@example.com")?.expiresAt).toBe(
      row.expires_at,
    );

    // Someone else with the link (read in a log, on a screen): no cookie, or another browser's.
    const code = appCode(page.secret);
    const elsewhere = ["", "an_staff_activation=" + "A".repeat(43), "an_staff_activation=roto"];
    for (const other of elsewhere) {
      const seen = await view(token, other || undefined);
      expect(statusOf(seen)).toBe(403);
      expect(bodyOf(seen)).toEqual({ status: "invalid", message: LINK_OPENED_ELSEWHERE });
      expect(bodyOf(seen)).not.toHaveProperty("secret");
      expect(statusOf(await press(token, other || undefined))).toBe(403);
      const taken = await submit(token, { ...newPerson, code }, other || undefined);
      expect(statusOf(taken)).toBe(403);
      expect(bodyOf(taken).message).toBe(LINK_OPENED_ELSEWHERE);
    }
    expect(await findUserByEmail(t.db, "ligada@example.com")).toBeFalsy();
    // The link is still the first browser's.
    const done = await submit(token, { ...newPerson, code }, cookie);
    expect(bodyOf(done).status).toBe("done");
    expect(await findUserByEmail(t.db, "ligada@example.com")).toMatchObject({ role: "staff" });
  });

  it("refuses the form of a link nobody opened, and keeps one browser's secret for all its links", async () => {
    const { token } = await inviteFromCli(t.db, "sin-abrir@example.com", "staff");
    const skipped = await submit(token, { ...newPerson, code: "123456" });
    expect(statusOf(skipped)).toBe(409);
    expect(bodyOf(skipped)).toEqual({ status: "invalid", message: activationMessages.notOpened });
    expect(bodyOf(await view(token)).status).toBe("open");

    const { cookie } = await open(token);
    const other = await inviteFromCli(t.db, "otra-mas@example.com", "staff");
    const set = setCookies((await press(other.token, cookie)) as Response).get("an_staff_activation") ?? "";
    expect(cookiePair(set)).toBe(cookie);
    expect(bodyOf(await view(token, cookie)).status).toBe("form");
    expect(bodyOf(await view(other.token, cookie)).status).toBe("form");
  });

  describe("once opened, a link lapses after 30 minutes", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is refused to its own browser 31 minutes after it was opened; an unopened one still lasts its 24 hours", async () => {
      const { token } = await inviteFromCli(t.db, "abierta@example.com", "staff");
      const unopened = await inviteFromCli(t.db, "cerrada@example.com", "staff");
      const { cookie, page } = await open(token);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31 * 60_000 });
      const late = await view(token, cookie);
      expect(statusOf(late)).toBe(410);
      expect(bodyOf(late)).toEqual({ status: "invalid", message: INVALID_LINK });
      const tooLate = await submit(token, { ...newPerson, code: appCode(page.secret) }, cookie);
      expect(statusOf(tooLate)).toBe(410);
      expect(statusOf(await press(token, cookie))).toBe(410);
      expect(await findUserByEmail(t.db, "abierta@example.com")).toBeFalsy();
      expect(bodyOf(await view(unopened.token)).status).toBe("open");
    });
  });

  it("asks an existing account for its own password; never lets the link replace it", async () => {
    const customer = await makeUser(t.db, "clienta-equipo@example.com");
    const { token } = await inviteFromCli(t.db, customer.email, "staff");
    const { cookie, page } = await open(token);
    expect(page.mode).toBe("password");
    // A form drawn for a new account (or tampered with) is refused, and no password is set.
    expect(statusOf(await submit(token, { ...newPerson, code: appCode(page.secret) }, cookie))).toBe(409);
    const wrong = await submit(
      token,
      { mode: "password", currentPassword: "no-es-esta", code: appCode(page.secret) },
      cookie,
    );
    expect(bodyOf(wrong).errors.currentPassword).toBe("Contraseña incorrecta");
    const done = await submit(
      token,
      { mode: "password", currentPassword: customer.password, code: appCode(page.secret) },
      cookie,
    );
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
    const opened = await open(g.token);
    expect(opened.page.mode).toBe("google");
    const refused = await submit(g.token, { ...newPerson, code: "123456" }, opened.cookie);
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
    const { cookie, page } = await open(emailed!);
    expect(bodyOf(await submit(emailed!, { ...newPerson, code: appCode(page.secret) }, cookie)).status).toBe("done");
    expect(statusOf(await view(token))).toBe(410);
    // Nothing left to send once it was used.
    expect(await staffInvitationTemplate.render(ctx, { email: "correo@example.com" })).toBeNull();
  });

  it("limits activation attempts per address", async () => {
    const { token } = await inviteFromCli(t.db, "limite@example.com", "staff");
    const { cookie } = await open(token);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push(statusOf(await submit(token, { mode: "new" }, cookie, "198.51.100.77")));
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
      const page = await loadActivation(
        new Request(`http://localhost:3301/gestion/activar/${link![1]}`),
        makeContext(db, kind, { config }).context,
        link![1],
      );
      expect(bodyOf(page)).toMatchObject({ status: "open", email: "primera@example.com", roleLabel: "Propietaria" });
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

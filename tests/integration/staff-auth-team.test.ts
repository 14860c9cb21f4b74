/**
 * Staff accounts, part 3: the owner's screens. Only an owner lists, invites,
 * re-roles and removes staff or reads the audit log; a role change or removal
 * ends the person's access at once; the last owner stays; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserBySessionToken } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { loadAuditLog } from "~/routes/gestion.auditoria.server.ts";
import { loadTeam, teamAction, teamMessages } from "~/routes/gestion.equipo.server.ts";
import { loadSecurity, securityAction, securityMessages } from "~/routes/gestion.seguridad.server.ts";
import { loadActivation } from "~/routes/gestion.activar.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { auditInstantText } from "~/domain/audit-text.ts";
import { formRequest, makeContext, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { appCode, bodyOf, makeStaff, staffContext, statusOf, thrown } from "../helpers/staff.ts";

describe.each(dbKinds)("staff management on %s", (kind) => {
  let t: TestDb;
  const config = testConfig({ publicUrl: "https://www.alejandranails.es" });
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const post = (ctx: Awaited<ReturnType<typeof staffContext>>, fields: Record<string, string>) =>
    teamAction(formRequest("http://localhost/gestion/equipo", fields, ctx.cookie), ctx.context);
  const audit = (action: string) =>
    t.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();
  const sessionsOf = (userId: string) =>
    t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();

  it("gives the team screens and the audit log to the owner only: staff get a 403 on GET and POST", async () => {
    const staff = await makeStaff(t.db, "solo-equipo@example.com", "staff");
    const ctx = await staffContext(t.db, kind, staff.id, config);
    expect(await thrown(() => loadTeam(ctx.context))).toMatchObject({ init: { status: 403 } });
    expect(await thrown(post(ctx, { intent: "invite", email: "x@example.com", role: "owner" }))).toMatchObject({
      init: { status: 403 },
    });
    expect(await thrown(post(ctx, { intent: "role", userId: staff.id, role: "owner" }))).toMatchObject({
      init: { status: 403 },
    });
    expect(await thrown(() => loadAuditLog(ctx.context, new URL("http://localhost/gestion/auditoria")))).toMatchObject({
      init: { status: 403 },
    });
    expect(
      (await t.db.selectFrom("users").select("role").where("id", "=", staff.id).executeTakeFirstOrThrow()).role,
    ).toBe("staff");
    expect(
      await t.db.selectFrom("staff_invitations").select("email").where("email", "=", "x@example.com").execute(),
    ).toEqual([]);
    // Any staff member may renew their own recovery codes, after a fresh code from the app.
    expect(bodyOf(await loadSecurity(ctx.context))).toEqual({ recoveryCodesLeft: 10 });
    const sec = (code: string) =>
      securityAction(formRequest("http://localhost/gestion/seguridad", { code }, ctx.cookie), ctx.context);
    expect(bodyOf(await sec("")).error).toBe(securityMessages.codeRequired);
    expect(bodyOf(await sec(appCode(staff.secret, 7))).error).toBe(securityMessages.codeWrong);
    const renewed = bodyOf(await sec(appCode(staff.secret)));
    expect(renewed.status).toBe("done");
    expect(renewed.recoveryCodes).toHaveLength(10);
    expect(renewed.recoveryCodes).not.toContain(staff.recoveryCodes[0]);
    expect((await audit("staff.recovery-codes")).map((a) => a.entity_id)).toEqual([staff.id]);
  });

  it("invites with a link shown once and emailed through the outbox, lists and revokes it", async () => {
    const owner = await makeStaff(t.db, "duena-equipo@example.com", "owner");
    const ctx = await staffContext(t.db, kind, owner.id, config);
    const bad = await post(ctx, { intent: "invite", email: "no-es-correo", role: "jefa" });
    expect(statusOf(bad)).toBe(400);
    expect(bodyOf(bad).errors).toEqual({
      email: "Formato de correo electrónico inválido",
      role: teamMessages.roleRequired,
    });
    expect(bodyOf(await post(ctx, { intent: "borrar-todo" })).errors.form).toBe(teamMessages.unknownAction);

    const invited = bodyOf(await post(ctx, { intent: "invite", email: " Nueva@Example.com ", role: "staff" }));
    expect(invited).toMatchObject({ status: "invited", email: "nueva@example.com" });
    const token = /^https:\/\/www\.alejandranails\.es\/gestion\/activar\/([\w-]+)$/.exec(invited.link)?.[1];
    expect(token).toBeTruthy();
    const activation = new Request(`https://www.alejandranails.es/gestion/activar/${token}`);
    expect(bodyOf(await loadActivation(activation, makeContext(t.db, kind, { config }).context, token!)).status).toBe(
      "open",
    );
    const jobs = await t.db
      .selectFrom("jobs")
      .select(["kind", "payload"])
      .where("kind", "=", "email:staff-invitation")
      .execute();
    expect(jobs).toEqual([{ kind: "email:staff-invitation", payload: JSON.stringify({ email: "nueva@example.com" }) }]);
    expect(jobs[0].payload).not.toContain(token!);

    const team = await loadTeam(ctx.context);
    expect(team.invitations).toMatchObject([{ email: "nueva@example.com", role: "staff", invitedBy: owner.email }]);
    expect(team.members).toContainEqual(
      expect.objectContaining({ email: owner.email, role: "owner", twoFactor: true, recoveryCodesLeft: 10 }),
    );

    expect(bodyOf(await post(ctx, { intent: "revoke", email: "nueva@example.com" })).status).toBe("done");
    expect(statusOf(await loadActivation(activation, makeContext(t.db, kind, { config }).context, token!))).toBe(410);
    expect(bodyOf(await post(ctx, { intent: "revoke", email: "nueva@example.com" })).errors.form).toBe(
      teamMessages.noInvitation,
    );
    expect((await loadTeam(ctx.context)).invitations).toEqual([]);
    const [inv] = await audit("staff.invite");
    expect(inv).toMatchObject({ actor_id: owner.id, actor_email: owner.email, entity_type: "staff_invitation" });
    expect(JSON.stringify(await t.db.selectFrom("audit_log").selectAll().execute())).not.toContain(token!);
    expect(await audit("staff.invite-revoke")).toHaveLength(1);
  });

  it("a role change or removal ends the person's access at once and is audited", async () => {
    const owner = await makeStaff(t.db, "duena-roles@example.com", "owner");
    const ctx = await staffContext(t.db, kind, owner.id, config);
    const staff = await makeStaff(t.db, "empleada@example.com", "staff");
    const theirs = await staffContext(t.db, kind, staff.id, config);

    expect(bodyOf(await post(ctx, { intent: "role", userId: staff.id, role: "owner" })).status).toBe("done");
    expect(await findUserBySessionToken(t.db, theirs.token)).toBeNull();
    const [change] = (await audit("staff.role-change")).filter((a) => a.entity_id === staff.id);
    expect(JSON.parse(change.before_json!)).toEqual({ email: staff.email, role: "staff" });
    expect(JSON.parse(change.after_json!)).toEqual({ email: staff.email, role: "owner" });
    expect(bodyOf(await post(ctx, { intent: "role", userId: staff.id, role: "owner" })).errors.form).toBe(
      teamMessages.unchanged,
    );

    const again = await staffContext(t.db, kind, staff.id, config);
    expect(bodyOf(await post(ctx, { intent: "remove", userId: staff.id })).status).toBe("done");
    const after = await thrown(
      provideStaff(
        new Request("http://localhost/gestion", { headers: { cookie: again.cookie } }),
        makeContext(t.db, kind).context,
      ),
    );
    expect((after as Response).headers.get("location")).toBe("/login?redirectTo=%2Fgestion");
    expect(await sessionsOf(staff.id)).toEqual([]);
    expect(await t.db.selectFrom("staff_totp").select("user_id").where("user_id", "=", staff.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("recovery_codes").select("id").where("user_id", "=", staff.id).execute()).toEqual([]);
    expect(
      (await t.db.selectFrom("users").select("role").where("id", "=", staff.id).executeTakeFirstOrThrow()).role,
    ).toBe("customer");
    expect((await audit("staff.remove")).map((a) => a.entity_id)).toEqual([staff.id]);
    // Gone from the list; ids that are not staff are refused.
    expect((await loadTeam(ctx.context)).members.map((m) => m.id)).not.toContain(staff.id);
    for (const userId of [staff.id, "nadie", "x".repeat(500)]) {
      expect(statusOf(await post(ctx, { intent: "remove", userId }))).toBeGreaterThanOrEqual(400);
    }
  });

  it("the last owner cannot demote or remove themself; with a second owner they can", async () => {
    const kindDb = await createTestDb(kind);
    try {
      const db = kindDb.db;
      const owner = await makeStaff(db, "unica@example.com", "owner");
      const ctx = await staffContext(db, kind, owner.id, config);
      const send = (fields: Record<string, string>) =>
        teamAction(formRequest("http://localhost/gestion/equipo", fields, ctx.cookie), ctx.context);
      const attempts: Record<string, string>[] = [
        { intent: "role", userId: owner.id, role: "staff" },
        { intent: "remove", userId: owner.id },
      ];
      for (const fields of attempts) {
        const r = await send(fields);
        expect(statusOf(r)).toBe(409);
        expect(bodyOf(r).errors.form).toBe(teamMessages.lastOwner);
      }
      expect(
        (await db.selectFrom("users").select("role").where("id", "=", owner.id).executeTakeFirstOrThrow()).role,
      ).toBe("owner");

      // Two owners demoting each other at the same moment: one of them stays.
      const other = await makeStaff(db, "segunda@example.com", "owner");
      const otherCtx = await staffContext(db, kind, other.id, config);
      const results = await Promise.all([
        send({ intent: "role", userId: other.id, role: "staff" }),
        teamAction(
          formRequest(
            "http://localhost/gestion/equipo",
            { intent: "role", userId: owner.id, role: "staff" },
            otherCtx.cookie,
          ),
          otherCtx.context,
        ),
      ]);
      const owners = await db.selectFrom("users").select("id").where("role", "=", "owner").execute();
      expect(owners).toHaveLength(1);
      expect(results.filter((r) => statusOf(r) === 409)).toHaveLength(1);

      // Demoting oneself while another owner remains signs one out.
      const third = await makeStaff(db, "tercera@example.com", "owner");
      const thirdCtx = await staffContext(db, kind, third.id, config);
      const self = (await teamAction(
        formRequest(
          "http://localhost/gestion/equipo",
          { intent: "role", userId: third.id, role: "staff" },
          thirdCtx.cookie,
        ),
        thirdCtx.context,
      )) as Response;
      expect(self.headers.get("location")).toBe("/login");
      expect(await db.selectFrom("sessions").select("id").where("user_id", "=", third.id).execute()).toEqual([]);
    } finally {
      await kindDb.cleanup();
    }
  });

  it("shows the audit log newest first, paginated and filtered, with changed fields only", async () => {
    const owner = await makeStaff(t.db, "duena-auditoria@example.com", "owner");
    const ctx = await staffContext(t.db, kind, owner.id, config);
    await inTransaction(t.db, async (trx) => {
      for (let i = 0; i < 55; i++) {
        await recordAudit(
          trx,
          { id: owner.id, email: owner.email },
          {
            action: "course.update",
            entityType: "prueba",
            entityId: `curso-${i}`,
            before: { title: "Curso", priceCents: 28000 },
            after: { title: "Curso", priceCents: 28000 + i * 100 },
          },
        );
        // One a second, as real changes come (entries within one millisecond have no order).
        await trx
          .updateTable("audit_log")
          .set({ created_at: new Date(Date.now() - (60 - i) * 1000).toISOString() })
          .where("entity_id", "=", `curso-${i}`)
          .execute();
      }
    });
    const load = (query: string) => loadAuditLog(ctx.context, new URL(`http://localhost/gestion/auditoria${query}`));
    const first = await load("?tipo=prueba");
    expect(first).toMatchObject({ entityType: "prueba", page: 1, pageCount: 2, total: 55 });
    expect(first.types).toEqual(
      expect.arrayContaining([
        { value: "prueba", label: "prueba" },
        { value: "user", label: "Persona del equipo" },
      ]),
    );
    expect(first.entries).toHaveLength(50);
    expect(first.entries.every((e) => e.entityType === "prueba")).toBe(true);
    // Words, euros and Madrid's clock: no raw codes, cents or ISO stamps.
    expect(first.entries[0]).toMatchObject({
      action: "course.update",
      actionLabel: "Curso editado",
      actor: owner.email,
      entityIdText: "curso-54",
      when: auditInstantText(first.entries[0].createdAt),
    });
    expect(first.entries[0].when).toMatch(/^\d{1,2} [a-z]{3,4} \d{4}, \d{2}:\d{2}$/u);
    expect(first.entries[0].changes).toEqual([
      { field: "priceCents", label: "Precio", before: "280,00\u00a0€", after: "334,00\u00a0€" },
    ]);
    expect((await load("?tipo=prueba&pagina=2")).entries.map((e) => e.entityId).at(-1)).toBe("curso-0");
    // Odd parameters fall back instead of failing.
    expect(await load("?tipo=%3Cscript%3E&pagina=-3")).toMatchObject({ entityType: "", page: 1 });
    expect(await load("?tipo=prueba&pagina=999")).toMatchObject({ page: 2 });
  });
});

/**
 * Issue 31 (item 3) on SQLite and PostgreSQL: a waiting-list entry counts only
 * once its address is confirmed from the emailed link (single use, 48 h; an
 * unconfirmed entry is never offered a seat and is dropped when it lapses);
 * joins are limited per network (IPv6 /64), per address and per mailbox; the
 * staff remove an entry after a confirmation step, audited, and its offer goes
 * to the next confirmed person; the offer's hold is a salon setting (12 h by
 * default) and the offer email states the actual deadline.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { WAITLIST_MESSAGES, WAITLIST_RESULT_MESSAGES } from "~/domain/waitlist-form.ts";
import { WAITLIST_MAX_ACTIVE_PER_EMAIL } from "~/domain/waitlist-messages.ts";
import { action as courseAction } from "~/routes/curso.tsx";
import { editionAttendeesAction, loadEditionAttendees } from "~/routes/gestion.convocatorias.alumnos.server.ts";
import { loadEditionList, saveWaitlistSettings } from "~/routes/gestion.convocatorias.server.ts";
import { waitlistConfirmEmailLimit, waitlistEntryLimit, waitlistJoinLimit } from "~/waitlist/join.server.ts";
import { offerFreedSeats } from "~/waitlist/waitlist.server.ts";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoSeatDeps, editionCounters, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";
import { bodyOf, makeStaff, staffContext, statusOf } from "../helpers/staff.ts";

const HOUR = 60 * 60 * 1000;
const LINK = /\/lista-espera\/confirmar\/([A-Za-z0-9_-]{43})/;

describe.each(dbKinds)("waiting-list confirmation and limits on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    await f.jobs.drain();
    f.sent.length = 0;
  });

  /** A course whose first edition is full (2 of 2 seats taken). */
  async function fullEdition(seats = 2) {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-09-01", seats }]);
    await t.db.updateTable("course_editions").set({ seats_taken: seats }).where("id", "=", editionIds[0]!).execute();
    return { courseId, edition: editionIds[0]! };
  }

  /** The course page's form, each call from its own IPv4 address unless one is given. */
  function post(courseId: string, fields: Record<string, string>, opts: { cookie?: string; ip?: string } = {}) {
    const { context } = makeContext(t.db, kind, { ip: opts.ip ?? `198.51.100.${(++ipCounter % 250) + 1}` });
    const request = formRequest(`http://localhost/formaciones/${courseId}`, fields, opts.cookie);
    return courseAction({
      request,
      context,
      params: { id: courseId },
      url: new URL(request.url),
      pattern: "/formaciones/:id",
    } as Parameters<typeof courseAction>[0]);
  }
  const join = (courseId: string, edition: string, email: string, opts: { cookie?: string; ip?: string } = {}) =>
    post(courseId, { edition, email, consent: "on" }, opts);

  const entries = async (editionId: string) =>
    (
      await t.db
        .selectFrom("waitlist_entries")
        .select(["email", "status"])
        .where("edition_id", "=", editionId)
        .orderBy("created_at")
        .execute()
    ).map((r) => `${r.email}:${r.status}`);

  /** Sends what the outbox holds and returns the token of the last confirmation link mailed to `email`. */
  async function confirmationToken(email: string): Promise<string> {
    await f.jobs.drain();
    const mail = f.sent.filter((m) => m.to === email && LINK.test(m.text ?? "")).at(-1);
    expect(mail, `confirmation email to ${email}`).toBeDefined();
    expect(mail!.subject).toContain("Confirma");
    return LINK.exec(mail!.text ?? "")![1]!;
  }

  /** The confirmation page (GET, then its button's POST). */
  async function confirmPage(token: string) {
    const route = await import("~/routes/lista-espera.confirmar.tsx");
    const { context } = makeContext(t.db, kind);
    const url = `http://localhost/lista-espera/confirmar/${token}`;
    const args = (request: Request) =>
      ({ request, context, params: { token }, url: new URL(url), pattern: "/lista-espera/confirmar/:token" }) as never;
    return {
      get: () => route.loader(args(new Request(url))),
      post: () => route.action(args(formRequest(url, {}))),
    };
  }

  const offerHours = async (entryEmail: string) => {
    const row = await t.db
      .selectFrom("waitlist_entries")
      .select(["offered_at", "offer_expires_at"])
      .where("email", "=", entryEmail)
      .where("status", "=", "offered")
      .executeTakeFirstOrThrow();
    return (Date.parse(row.offer_expires_at!) - Date.parse(row.offered_at!)) / HOUR;
  };

  it("limits the entries one IPv6 /64 can create: 15 joins with made-up addresses → at most 5, then a Spanish 429", async () => {
    const { courseId, edition } = await fullEdition();
    const net = kind === "sqlite" ? "2001:db8:51:7" : "2001:db8:52:7";
    const answers = [];
    for (let i = 1; i <= 15; i++) {
      answers.push(await join(courseId, edition, `inventada${i}@example.com`, { ip: `${net}::${i.toString(16)}` }));
    }
    const created = await entries(edition);
    expect(created.length).toBeLessThanOrEqual(5);
    expect(created).toHaveLength(waitlistEntryLimit.points);
    const refused = answers.filter((a) => statusOf(a) === 429);
    expect(refused).toHaveLength(15 - waitlistEntryLimit.points);
    for (const r of refused) {
      expect([WAITLIST_MESSAGES.networkLimited, WAITLIST_MESSAGES.rateLimited]).toContain(
        bodyOf(r).waitlistErrors.form,
      );
      expect(Number((r as { init: { headers: Record<string, string> } }).init.headers["Retry-After"])).toBeGreaterThan(
        0,
      );
    }
    expect(bodyOf(refused[0]).waitlistErrors.form).toBe(WAITLIST_MESSAGES.networkLimited);
    expect(WAITLIST_MESSAGES.networkLimited).toMatch(/conexión/);
    // None of them is confirmed, so none will ever be offered a seat.
    expect(created.every((e) => e.endsWith(":pending"))).toBe(true);
    // The request limit per network still applies on top (10 per hour).
    expect(waitlistJoinLimit.points).toBeGreaterThan(waitlistEntryLimit.points);
    // Another network is not affected.
    const other = await join(courseId, edition, "real@example.com", {
      ip: `2001:db8:99:${kind === "sqlite" ? 1 : 2}::1`,
    });
    expect(statusOf(other)).toBe(200);
  });

  it("caps the live entries of one address across editions, in Spanish", async () => {
    const email = `muchas-${kind}@example.com`;
    for (let i = 0; i < WAITLIST_MAX_ACTIVE_PER_EMAIL; i++) {
      const { courseId, edition } = await fullEdition();
      expect(bodyOf(await join(courseId, edition, email)).waitlist.result).toBe("pending");
    }
    const { courseId, edition } = await fullEdition();
    const refused = await join(courseId, edition, email);
    expect(statusOf(refused)).toBe(429);
    expect(bodyOf(refused).waitlistErrors).toEqual({ form: WAITLIST_MESSAGES.tooManyLists });
    expect(await entries(edition)).toEqual([]);
  });

  it("caps the confirmation emails sent to one address per hour", async () => {
    const email = `buzon-${kind}@example.com`;
    const a = await fullEdition();
    expect(bodyOf(await join(a.courseId, a.edition, email)).waitlist.result).toBe("pending");
    // Asking again while unconfirmed sends the link again, up to the cap.
    for (let i = 1; i < waitlistConfirmEmailLimit.points; i++) {
      const again = await join(a.courseId, a.edition, email);
      expect(bodyOf(again).waitlist).toMatchObject({ result: "pending", message: WAITLIST_RESULT_MESSAGES.pending });
    }
    const b = await fullEdition();
    const refused = await join(b.courseId, b.edition, email);
    expect(statusOf(refused)).toBe(429);
    expect(bodyOf(refused).waitlistErrors).toEqual({ form: WAITLIST_MESSAGES.emailLimited });
    expect(statusOf(await join(a.courseId, a.edition, email))).toBe(429);
    await f.jobs.drain();
    expect(f.sent.filter((m) => m.to === email)).toHaveLength(waitlistConfirmEmailLimit.points);
    expect(await entries(a.edition)).toEqual([`${email}:pending`]);
    expect(await entries(b.edition)).toEqual([]);
  });

  it("never offers a seat to an unconfirmed entry; the emailed link confirms it, once, and makes it eligible", async () => {
    const { courseId, edition } = await fullEdition();
    const pending = `sin-confirmar-${kind}@example.com`;
    const answer = await join(courseId, edition, pending);
    expect(bodyOf(answer).waitlist).toEqual({
      editionId: edition,
      result: "pending",
      message: WAITLIST_RESULT_MESSAGES.pending,
    });
    expect(WAITLIST_RESULT_MESSAGES.pending).toMatch(/confirma/i);
    expect(await entries(edition)).toEqual([`${pending}:pending`]);
    const token = await confirmationToken(pending);
    // The token is stored hashed only; the outbox holds the entry id, not the link.
    const jobs = await t.db.selectFrom("jobs").select("payload").where("kind", "=", "email:waitlist-confirm").execute();
    expect(jobs.some((j) => j.payload.includes(token))).toBe(false);
    const stored = await t.db.selectFrom("waitlist_confirmations").select("token_hash").execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);

    // A seat frees: the unconfirmed entry is not offered it.
    await t.db.updateTable("course_editions").set({ seats: 3 }).where("id", "=", edition).execute();
    await inTransaction(t.db, (trx) => offerFreedSeats(trx, [edition], new Date().toISOString()));
    expect(await entries(edition)).toEqual([`${pending}:pending`]);
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 0 });

    // The link: a page with a button (scanners only GET), then confirmed.
    const page = await confirmPage(token);
    const shown = bodyOf(await page.get());
    expect(shown).toMatchObject({ state: "valid" });
    // Beside the page's words ("messages", the catalogue's slice), nothing about the entry but its course.
    expect(Object.keys(shown).sort()).toEqual(["courseTitle", "messages", "startsOn", "state"]);
    expect(await entries(edition)).toEqual([`${pending}:pending`]);
    const confirmed = await page.post();
    expect(bodyOf(confirmed)).toMatchObject({ state: "confirmed" });
    expect(bodyOf(confirmed).message).toMatch(/^¡Listo!/);
    // Confirmed and the seat free: it is offered now.
    expect(await entries(edition)).toEqual([`${pending}:offered`]);
    await f.jobs.drain();
    expect(f.sent.some((m) => m.to === pending && m.subject.includes("Se ha liberado una plaza"))).toBe(true);

    // Used twice: "already confirmed"; a made-up token: expired or unknown. Nothing else is said
    // (beside the page's words, "messages").
    const again = await confirmPage(token);
    expect(bodyOf(await again.get())).toEqual({
      state: "already",
      message: expect.stringMatching(/ya estaba confirmada/),
      messages: expect.any(Object),
    });
    expect(bodyOf(await again.post())).toEqual({
      state: "already",
      message: expect.stringMatching(/ya estaba confirmada/),
      messages: expect.any(Object),
    });
    const unknown = await confirmPage("A".repeat(43));
    expect(statusOf(await unknown.get())).toBe(404);
    expect(bodyOf(await unknown.get())).toEqual({
      state: "invalid",
      message: expect.stringMatching(/caducado o no es válido/),
      messages: expect.any(Object),
    });
    expect(bodyOf(await unknown.post())).toEqual({
      state: "invalid",
      message: expect.stringMatching(/caducado o no es válido/),
      messages: expect.any(Object),
    });
    expect(statusOf(await (await confirmPage("corto")).get())).toBe(404);
  });

  it("drops an unconfirmed entry when its 48 h pass; its link then says expired", async () => {
    const { courseId, edition } = await fullEdition();
    const email = `caduca-${kind}@example.com`;
    await join(courseId, edition, email);
    const token = await confirmationToken(email);
    const past = new Date(Date.now() - 49 * HOUR).toISOString();
    await t.db.updateTable("waitlist_entries").set({ created_at: past }).where("email", "=", email).execute();
    const page = await confirmPage(token);
    expect(bodyOf(await page.get())).toMatchObject({ state: "invalid" });
    expect(bodyOf(await page.post())).toMatchObject({ state: "invalid" });
    expect(await entries(edition)).toEqual([`${email}:pending`]);
    // The drop job is due at the deadline.
    await t.db
      .updateTable("jobs")
      .set({ run_after: new Date().toISOString() })
      .where("kind", "=", "waitlist-drop-unconfirmed")
      .execute();
    await f.jobs.drain();
    expect(await entries(edition)).toEqual([]);
    // She may ask again.
    expect(bodyOf(await join(courseId, edition, email)).waitlist.result).toBe("pending");
  });

  it("counts a signed-in buyer with a verified address as confirmed at once, an unverified one not", async () => {
    const { courseId, edition } = await fullEdition();
    const verified = await makeUser(t.db, `verificada-${kind}@example.com`);
    await t.db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", verified.id)
      .execute();
    const unverified = await makeUser(t.db, `sin-verificar-${kind}@example.com`);
    const cookie = async (id: string) => `an_session=${await insertSession(t.db, id)}`;
    const a = await join(courseId, edition, "da-igual@example.com", { cookie: await cookie(verified.id) });
    expect(bodyOf(a).waitlist.result).toBe("joined");
    const b = await join(courseId, edition, "da-igual@example.com", { cookie: await cookie(unverified.id) });
    expect(bodyOf(b).waitlist.result).toBe("pending");
    expect(await entries(edition)).toEqual([`${verified.email}:waiting`, `${unverified.email}:pending`]);
    // A verified buyer who had joined unconfirmed is confirmed by joining signed in.
    await t.db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", unverified.id)
      .execute();
    const c = await join(courseId, edition, "", { cookie: await cookie(unverified.id) });
    expect(bodyOf(c).waitlist.result).toBe("joined");
    expect(await entries(edition)).toEqual([`${verified.email}:waiting`, `${unverified.email}:waiting`]);
  });

  describe("staff", () => {
    it("removes an entry only after a confirmation step, audited, and passes its offer to the next confirmed person", async () => {
      const { courseId, edition } = await fullEdition();
      const people = ["ofrecida", "pendiente", "siguiente"].map((p) => `${p}-${kind}@example.com`);
      for (const email of people) {
        await join(courseId, edition, email);
        await new Promise((r) => setTimeout(r, 5));
      }
      for (const email of [people[0]!, people[2]!]) {
        const token = await confirmationToken(email);
        await (await confirmPage(token)).post();
      }
      await t.db.updateTable("course_editions").set({ seats: 3 }).where("id", "=", edition).execute();
      await inTransaction(t.db, (trx) => offerFreedSeats(trx, [edition], new Date().toISOString()));
      expect(await entries(edition)).toEqual([`${people[0]}:offered`, `${people[1]}:pending`, `${people[2]}:waiting`]);

      const staff = await makeStaff(t.db, `equipo-quitar-${kind}@example.com`);
      const { context } = await staffContext(t.db, kind, staff.id);
      const base = `http://localhost/gestion/convocatorias/${edition}/alumnos`;
      const list = await loadEditionAttendees(edition, context, new Request(base));
      const offered = list.waitlist.find((e) => e.email === people[0])!;
      expect(list.removing).toBeNull();
      const send = (fields: Record<string, string>) =>
        editionAttendeesAction(formRequest(base, fields), context, edition).catch((e: unknown) => e);

      // Without the confirmation: sent to the confirmation step, nothing changes.
      const ask = (await send({ intent: "waitlist-remove", entry: offered.id })) as Response;
      expect(ask.status).toBe(302);
      expect(ask.headers.get("location")).toBe(
        `/gestion/convocatorias/${edition}/alumnos?quitar=${offered.id}#lista-espera`,
      );
      const step = await loadEditionAttendees(
        edition,
        context,
        new Request(`http://localhost${ask.headers.get("location")}`),
      );
      expect(step.removing).toMatchObject({ id: offered.id, email: people[0], status: "offered" });
      expect(await entries(edition)).toEqual([`${people[0]}:offered`, `${people[1]}:pending`, `${people[2]}:waiting`]);
      const audits = () =>
        t.db
          .selectFrom("audit_log")
          .select(["action", "actor_email", "before_json", "after_json"])
          .where("entity_id", "=", offered.id)
          .execute();
      expect(await audits()).toEqual([]);

      // Confirmed: removed, audited, and the seat goes to the next confirmed person (not the unconfirmed one).
      const done = (await send({ intent: "waitlist-remove", entry: offered.id, confirm: "yes" })) as Response;
      expect(done.headers.get("location")).toBe(
        `/gestion/convocatorias/${edition}/alumnos?aviso=espera-quitada#lista-espera`,
      );
      expect(await entries(edition)).toEqual([`${people[0]}:removed`, `${people[1]}:pending`, `${people[2]}:offered`]);
      expect(await editionCounters(t.db, edition)).toMatchObject({ held: 1 });
      expect(await audits()).toEqual([
        {
          action: "waitlist.remove",
          actor_email: staff.email,
          before_json: JSON.stringify({ email: people[0], status: "offered" }),
          after_json: JSON.stringify({ email: people[0], status: "removed" }),
        },
      ]);
      await f.jobs.drain();
      expect(f.sent.some((m) => m.to === people[2] && m.subject.includes("Se ha liberado una plaza"))).toBe(true);

      // An unconfirmed entry can be removed too; "Ofrecer plaza" is refused for it.
      const pendingEntry = list.waitlist.find((e) => e.email === people[1])!;
      expect(statusOf(await send({ intent: "waitlist-offer", entry: pendingEntry.id }))).toBe(409);
      const removed = (await send({ intent: "waitlist-remove", entry: pendingEntry.id, confirm: "yes" })) as Response;
      expect(removed.status).toBe(302);
      expect(await entries(edition)).toEqual([`${people[0]}:removed`, `${people[1]}:removed`, `${people[2]}:offered`]);
    });

    it("holds an offered seat for the configured hours (12 by default); the offer email states the deadline", async () => {
      const owner = await makeStaff(t.db, `propietaria-espera-${kind}@example.com`, "owner");
      const member = await makeStaff(t.db, `equipo-espera-${kind}@example.com`);
      const ownerCtx = (await staffContext(t.db, kind, owner.id)).context;
      const memberCtx = (await staffContext(t.db, kind, member.id)).context;
      const settingsUrl = "http://localhost/gestion/convocatorias";
      const save = (context: typeof ownerCtx, fields: Record<string, string>) =>
        saveWaitlistSettings(formRequest(settingsUrl, fields), context).catch((e: unknown) => e);

      // Default: 12 h.
      expect((await loadEditionList(new Request(settingsUrl), ownerCtx)).offerHours).toBe(12);
      const first = await fullEdition(1);
      const verified = await makeUser(t.db, `plazo-${kind}@example.com`);
      await t.db
        .updateTable("users")
        .set({ email_verified_at: new Date().toISOString() })
        .where("id", "=", verified.id)
        .execute();
      const cookie = `an_session=${await insertSession(t.db, verified.id)}`;
      await join(first.courseId, first.edition, "", { cookie });
      await t.db.updateTable("course_editions").set({ seats: 2 }).where("id", "=", first.edition).execute();
      await inTransaction(t.db, (trx) => offerFreedSeats(trx, [first.edition], new Date().toISOString()));
      expect(await offerHours(verified.email)).toBe(12);

      // Only the owner changes it, within bounds, audited.
      expect(await save(memberCtx, { offerHours: "6" })).toMatchObject({ init: { status: 403 } });
      const bad = await save(ownerCtx, { offerHours: "500" });
      expect(statusOf(bad)).toBe(400);
      expect(bodyOf(bad).errors.offerHours).toMatch(/horas/);
      const saved = (await save(ownerCtx, { offerHours: "6" })) as Response;
      expect(saved.status).toBe(302);
      expect((await loadEditionList(new Request(settingsUrl), memberCtx)).offerHours).toBe(6);
      const audit = await t.db
        .selectFrom("audit_log")
        .select(["action", "actor_email", "before_json", "after_json"])
        .where("action", "=", "waitlist-settings.update")
        .execute();
      expect(audit).toEqual([
        {
          action: "waitlist-settings.update",
          actor_email: owner.email,
          before_json: JSON.stringify({ offerHours: 12 }),
          after_json: JSON.stringify({ offerHours: 6 }),
        },
      ]);

      const second = await fullEdition(1);
      const other = await makeUser(t.db, `plazo-corto-${kind}@example.com`);
      await t.db
        .updateTable("users")
        .set({ email_verified_at: new Date().toISOString() })
        .where("id", "=", other.id)
        .execute();
      await join(second.courseId, second.edition, "", { cookie: `an_session=${await insertSession(t.db, other.id)}` });
      await t.db.updateTable("course_editions").set({ seats: 2 }).where("id", "=", second.edition).execute();
      await inTransaction(t.db, (trx) => offerFreedSeats(trx, [second.edition], new Date().toISOString()));
      expect(await offerHours(other.email)).toBe(6);
      const deadline = await t.db
        .selectFrom("waitlist_entries")
        .select("offer_expires_at")
        .where("email", "=", other.email)
        .executeTakeFirstOrThrow();
      await f.jobs.drain();
      const offer = f.sent.find((m) => m.to === other.email && m.subject.includes("Se ha liberado una plaza"));
      expect(offer?.text).toContain(`hasta el ${madridDateTimeText(new Date(deadline.offer_expires_at!))}`);
      // The lapse job is due at that deadline.
      const lapse = await t.db
        .selectFrom("jobs")
        .select("run_after")
        .where("kind", "=", "waitlist-lapse")
        .where("payload", "like", `%${second.edition}%`)
        .executeTakeFirstOrThrow();
      expect(lapse.run_after).toBe(deadline.offer_expires_at);
      // Back to the default for the other tests of this database.
      await save(ownerCtx, { offerHours: "12" });
    });
  });
});

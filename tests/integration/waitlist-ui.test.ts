/**
 * The waiting list as people use it, on SQLite and PostgreSQL: the course
 * page's "Avísame si queda una plaza" action (consent, signed-in email,
 * idempotent, "not full", foreign editions, rate limit) and the staff's list,
 * "Quitar" (after its confirmation step) and "Ofrecer plaza" on the attendee
 * page, each audited; customers are kept out of the staff action. A visitor's
 * entry counts once confirmed from the emailed link (confirmEntriesOf);
 * waitlist-confirmation.test.ts covers that step and the limits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import { WAITLIST_CONSENT_TEXT, WAITLIST_MESSAGES, WAITLIST_RESULT_MESSAGES } from "~/domain/waitlist-form.ts";
import { action as courseAction, loader as courseLoader } from "~/routes/curso.tsx";
import { editionAttendeesAction, loadEditionAttendees } from "~/routes/gestion.convocatorias.alumnos.server.ts";
import { waitlistJoinLimit } from "~/waitlist/join.server.ts";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertCourseWithEditions } from "../helpers/seats.ts";
import { bodyOf, makeStaff, staffContext, statusOf } from "../helpers/staff.ts";
import { confirmEntriesOf } from "../helpers/waitlist.ts";

describe.each(dbKinds)("waiting list screens on %s", (kind) => {
  let t: TestDb;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** A course with a full edition and one with free seats. */
  async function course() {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [
      { startsOn: "2030-06-01", seats: 2 },
      { startsOn: "2030-07-01", seats: 3 },
    ]);
    await t.db.updateTable("course_editions").set({ seats_taken: 2 }).where("id", "=", editionIds[0]!).execute();
    return { courseId, full: editionIds[0]!, open: editionIds[1]! };
  }

  /** Posts the course page's form; each call its own address unless one is given. */
  function post(courseId: string, fields: Record<string, string>, opts: { cookie?: string; ip?: string } = {}) {
    const { context } = makeContext(t.db, kind, { ip: opts.ip ?? `198.51.100.${++ipCounter}` });
    const request = formRequest(`http://localhost/formaciones/${courseId}`, fields, opts.cookie);
    const url = new URL(request.url);
    return courseAction({ request, context, params: { id: courseId }, url, pattern: "/formaciones/:id" } as Parameters<
      typeof courseAction
    >[0]);
  }

  const entries = (editionId: string) =>
    t.db
      .selectFrom("waitlist_entries")
      .select(["id", "email", "status", "user_id"])
      .where("edition_id", "=", editionId)
      .orderBy("created_at")
      .execute();

  it("offers the form on full editions only, with the signed-in buyer's email", async () => {
    const { courseId, full } = await course();
    const user = await makeUser(t.db, `pagina-${kind}@example.com`);
    const cookie = `an_session=${await insertSession(t.db, user.id)}`;
    const { context } = makeContext(t.db, kind);
    const args = (request: Request) =>
      ({
        request,
        context,
        params: { id: courseId },
        url: new URL(request.url),
        pattern: "/formaciones/:id",
      }) as Parameters<typeof courseLoader>[0];
    const visitor = await courseLoader(args(new Request(`http://localhost/formaciones/${courseId}`)));
    expect(visitor.buyerEmail).toBeNull();
    expect(visitor.editions.find((e) => e.id === full)?.seatsLeft).toBe(0);
    const signedIn = await courseLoader(
      args(new Request(`http://localhost/formaciones/${courseId}`, { headers: { cookie } })),
    );
    expect(signedIn.buyerEmail).toBe(user.email);
    expect(WAITLIST_CONSENT_TEXT).toContain("solo para avisarme si queda una plaza");
  });

  it("requires the consent and a valid email, in Spanish, and joins once", async () => {
    const { courseId, full } = await course();
    const noConsent = await post(courseId, { edition: full, email: "lucia@example.com" });
    expect(statusOf(noConsent)).toBe(400);
    expect(bodyOf(noConsent)).toMatchObject({
      waitlistErrors: { consent: WAITLIST_MESSAGES.consent },
      editionId: full,
    });
    const badEmail = await post(courseId, { edition: full, email: "lucia", consent: "on" });
    expect(statusOf(badEmail)).toBe(400);
    expect(bodyOf(badEmail).waitlistErrors).toEqual({ email: WAITLIST_MESSAGES.email });
    const huge = await post(courseId, { edition: "x".repeat(10_000), email: "a".repeat(10_000), consent: "on" });
    expect(statusOf(huge)).toBe(400);
    expect(await entries(full)).toEqual([]);

    const joined = await post(courseId, { edition: full, email: " Lucia@Example.com ", consent: "on" });
    expect(statusOf(joined)).toBe(200);
    // A visitor's entry waits for the emailed link before it counts.
    expect(bodyOf(joined)).toEqual({
      waitlist: { editionId: full, result: "pending", message: WAITLIST_RESULT_MESSAGES.pending },
    });
    expect(bodyOf(joined).waitlist.message).toContain("Te avisaremos por correo si queda una plaza");
    expect(WAITLIST_RESULT_MESSAGES.joined).toMatch(/^Te avisaremos por correo si queda una plaza/);
    expect((await entries(full)).map((e) => `${e.email}:${e.status}`)).toEqual(["lucia@example.com:pending"]);
    await confirmEntriesOf(t.db, "lucia@example.com");
    const again = await post(courseId, { edition: full, email: "lucia@example.com", consent: "on" });
    expect(bodyOf(again).waitlist.result).toBe("already");
    expect((await entries(full)).map((e) => `${e.email}:${e.status}`)).toEqual(["lucia@example.com:waiting"]);
  });

  it("uses the signed-in buyer's account email whatever the field says", async () => {
    const { courseId, full } = await course();
    const user = await makeUser(t.db, `cuenta-${kind}@example.com`);
    // A verified account's own address counts as confirmed at once.
    await t.db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    const cookie = `an_session=${await insertSession(t.db, user.id)}`;
    const r = await post(courseId, { edition: full, email: "otra@example.com", consent: "on" }, { cookie });
    expect(bodyOf(r).waitlist.result).toBe("joined");
    expect(await entries(full)).toMatchObject([{ email: user.email, user_id: user.id, status: "waiting" }]);
  });

  it("invites to book an edition with seats, and refuses editions of other courses", async () => {
    const { courseId, full, open } = await course();
    const other = await course();
    const notFull = await post(courseId, { edition: open, email: "marta@example.com", consent: "on" });
    expect(bodyOf(notFull).waitlist).toEqual({
      editionId: open,
      result: "not-full",
      message: WAITLIST_RESULT_MESSAGES["not-full"],
    });
    const foreign = await post(courseId, { edition: other.full, email: "marta@example.com", consent: "on" });
    expect(statusOf(foreign)).toBe(400);
    expect(bodyOf(foreign).waitlistErrors).toEqual({ edition: WAITLIST_MESSAGES.edition });
    const unknown = await post(courseId, { edition: "no-existe", email: "marta@example.com", consent: "on" });
    expect(statusOf(unknown)).toBe(400);
    expect(await entries(other.full)).toEqual([]);
    expect(await entries(open)).toEqual([]);
    // A closed edition is listed but no longer takes a waiting list.
    await t.db.updateTable("course_editions").set({ status: "closed" }).where("id", "=", full).execute();
    const closed = await post(courseId, { edition: full, email: "marta@example.com", consent: "on" });
    expect(bodyOf(closed).waitlist.result).toBe("unavailable");
  });

  it("answers 429 in Spanish after too many requests from one address", async () => {
    const { courseId, full } = await course();
    const ip = `192.0.2.${kind === "sqlite" ? 10 : 20}`;
    for (let i = 0; i < waitlistJoinLimit.points; i++) {
      expect(statusOf(await post(courseId, { edition: full }, { ip }))).toBe(400);
    }
    const limited = await post(courseId, { edition: full, email: "rapida@example.com", consent: "on" }, { ip });
    expect(statusOf(limited)).toBe(429);
    expect(bodyOf(limited).waitlistErrors).toEqual({ form: WAITLIST_MESSAGES.rateLimited });
    expect(await entries(full)).toEqual([]);
  });

  describe("staff", () => {
    async function staffSetup() {
      const { courseId, full } = await course();
      for (const email of ["primera@example.com", "segunda@example.com"]) {
        expect(bodyOf(await post(courseId, { edition: full, email, consent: "on" })).waitlist.result).toBe("pending");
        await confirmEntriesOf(t.db, email);
        await new Promise((r) => setTimeout(r, 5));
      }
      const staff = await makeStaff(t.db, `equipo-${Math.random().toString(36).slice(2, 8)}-${kind}@example.com`);
      const { context } = await staffContext(t.db, kind, staff.id);
      return { full, staff, context };
    }
    const staffPost = (
      context: Awaited<ReturnType<typeof staffSetup>>["context"],
      editionId: string,
      fields: Record<string, string>,
    ) =>
      editionAttendeesAction(
        formRequest(`http://localhost/gestion/convocatorias/${editionId}/alumnos`, fields),
        context,
        editionId,
      ).catch((e: unknown) => e);
    const audits = (entityId: string) =>
      t.db
        .selectFrom("audit_log")
        .select(["action", "actor_email", "before_json", "after_json"])
        .where("entity_type", "=", "waitlist")
        .where("entity_id", "=", entityId)
        .execute();

    it("lists the waiting list and removes an entry, audited", async () => {
      const { full, staff, context } = await staffSetup();
      const page = await loadEditionAttendees(full, context);
      expect(page.waitlist.map((e) => `${e.email}:${e.status}`)).toEqual([
        "primera@example.com:waiting",
        "segunda@example.com:waiting",
      ]);
      const first = page.waitlist[0]!;
      const removed = (await staffPost(context, full, {
        intent: "waitlist-remove",
        entry: first.id,
        confirm: "yes",
      })) as Response;
      expect(removed.status).toBe(302);
      expect(removed.headers.get("location")).toBe(
        `/gestion/convocatorias/${full}/alumnos?aviso=espera-quitada#lista-espera`,
      );
      const after = await loadEditionAttendees(
        full,
        context,
        new Request(`http://localhost${removed.headers.get("location")}`),
      );
      expect(after.notice).toBe("Hemos quitado a esa persona de la lista de espera.");
      expect(after.waitlist.map((e) => e.status)).toEqual(["removed", "waiting"]);
      expect(await audits(first.id)).toEqual([
        {
          action: "waitlist.remove",
          actor_email: staff.email,
          before_json: JSON.stringify({ email: "primera@example.com", status: "waiting" }),
          after_json: JSON.stringify({ email: "primera@example.com", status: "removed" }),
        },
      ]);
      // Twice: nothing left to remove, nothing audited.
      const again = await staffPost(context, full, { intent: "waitlist-remove", entry: first.id, confirm: "yes" });
      expect(statusOf(again)).toBe(409);
      expect(bodyOf(again).error).toContain("ya no está en espera");
      expect(await audits(first.id)).toHaveLength(1);
    });

    it("offers a seat when one is free, audited, and explains when none is", async () => {
      const { full, staff, context } = await staffSetup();
      const [first, second] = (await loadEditionAttendees(full, context)).waitlist;
      const noSeat = await staffPost(context, full, { intent: "waitlist-offer", entry: second!.id });
      expect(statusOf(noSeat)).toBe(409);
      expect(bodyOf(noSeat).error).toContain("No queda ninguna plaza libre");
      expect(await audits(second!.id)).toEqual([]);

      await t.db.updateTable("course_editions").set({ seats: 3 }).where("id", "=", full).execute();
      const offered = (await staffPost(context, full, { intent: "waitlist-offer", entry: second!.id })) as Response;
      expect(offered.headers.get("location")).toContain("aviso=plaza-ofrecida");
      const page = await loadEditionAttendees(full, context);
      expect(page.waitlist.map((e) => `${e.email}:${e.status}`)).toEqual([
        `${first!.email}:waiting`,
        `${second!.email}:offered`,
      ]);
      expect(page.waitlist[1]!.offerExpiresAt).not.toBeNull();
      const held = await t.db
        .selectFrom("course_editions")
        .select("seats_held")
        .where("id", "=", full)
        .executeTakeFirstOrThrow();
      expect(Number(held.seats_held)).toBe(1);
      expect(await audits(second!.id)).toMatchObject([{ action: "waitlist.offer", actor_email: staff.email }]);
      const email = await t.db
        .selectFrom("jobs")
        .select("payload")
        .where("dedupe_key", "=", `waitlist-offer:${second!.id}`)
        .execute();
      expect(email).toHaveLength(1);
    });

    it("refuses unknown intents, entries of other editions, and customers", async () => {
      const { full, context } = await staffSetup();
      const other = await staffSetup();
      const entry = (await loadEditionAttendees(other.full, context)).waitlist[0]!;
      expect(statusOf(await staffPost(context, full, { intent: "borrar-todo", entry: entry.id }))).toBe(400);
      const foreign = await staffPost(context, full, { intent: "waitlist-remove", entry: entry.id });
      expect(statusOf(foreign)).toBe(404);
      expect(statusOf(await staffPost(context, full, { intent: "waitlist-remove", entry: "x".repeat(5000) }))).toBe(
        404,
      );
      expect(statusOf(await staffPost(context, "no-existe", { intent: "waitlist-offer", entry: entry.id }))).toBe(404);

      const customer = await makeUser(t.db, `clienta-espera-${kind}@example.com`);
      const cookie = `an_session=${await insertSession(t.db, customer.id)}`;
      const { context: customerContext } = makeContext(t.db, kind);
      const request = formRequest(
        `http://localhost/gestion/convocatorias/${full}/alumnos`,
        { intent: "waitlist-remove", entry: entry.id },
        cookie,
      );
      const refused = await provideStaff(request, customerContext).catch((e: unknown) => e);
      expect(refused).toMatchObject({ init: { status: 403 } });
      // Even called directly, the action has no staff member to act as.
      await expect(editionAttendeesAction(request.clone(), customerContext, full)).rejects.toBeDefined();
      expect((await loadEditionAttendees(other.full, context)).waitlist[0]!.status).toBe("waiting");
    });
  });
});

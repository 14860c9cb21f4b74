/**
 * Issue 31, item 1: one account or one network must not fill the diary.
 * On SQLite and PostgreSQL, through the functions /reservar and the emailed
 * links call:
 * - a client has at most `maxUpcomingPerClient` (3) upcoming online
 *   appointments (held or confirmed), counted by her email (any case, any
 *   "+tag"), her phone (any spelling of one Spanish number) and her account;
 *   twenty bookings at once (on two connection pools on PostgreSQL) give her
 *   no more; the staff's bookings are neither capped nor counted; a lapsed
 *   hold confirmed late counts again;
 * - a signed-in account whose email is not verified books like a guest: held
 *   until the emailed link confirms it; the fourth booking in a row is refused
 *   with a Spanish message and a link to her appointments;
 * - guests of one IPv6 /64 share the network's booking limit;
 * - the emails a visitor can make the salon send are limited per address and
 *   per network (bookings, moves).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { cancelAppointment } from "~/bookings/appointment-changes.server.ts";
import { createAppointmentLink } from "~/bookings/appointment-links.server.ts";
import { bookAppointment, confirmHeld, type BookRequest } from "~/bookings/appointments.server.ts";
import { saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking-settings-form.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { isoWeekday, wallToInstant } from "~/domain/salon-time.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { action as citaAction } from "~/routes/cita.tsx";
import { bookingAction } from "~/routes/reservar.server.ts";
import type { AppServices } from "~/services.server.ts";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { bodyOf, statusOf as dataStatusOf } from "../helpers/staff.ts";

// Tuesday 24 November 2026, 09:00 in Madrid.
const NOW = new Date("2026-11-24T08:00:00Z");
const MINUTE = 60_000;
const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 200 };
const OWNER = { id: null, email: "propietaria@example.com" };

/** Laura's starts for a semipermanente (60 min + 10 min drying) inside her hours, Monday to Friday. */
const LAURA_STARTS = [540, 615, 690, 765, 900, 975];

/** Distinct free times with Laura, from Monday 11 January 2027 on, handed out in order. */
function slotSource(firstDay = "2027-01-11") {
  let day = firstDay;
  let i = 0;
  return (): { day: string; time: number } => {
    if (i === LAURA_STARTS.length) {
      i = 0;
      do day = addDays(day, 1);
      while (isoWeekday(day) > 5);
    }
    return { day, time: LAURA_STARTS[i++]! };
  };
}

function request(
  slot: { day: string; time: number },
  client: Partial<BookRequest["client"]>,
  more: Partial<BookRequest> = {},
): BookRequest {
  return {
    serviceIds: ["semipermanente"],
    professionalId: "laura",
    at: wallToInstant(slot.day, slot.time),
    client: { userId: null, name: "Clienta", email: "clienta@example.com", phone: "+34611000000", ...client },
    comment: "",
    source: "online",
    hold: false,
    now: NOW,
    rules,
    ...more,
  };
}

/** The status of what an action answered: a thrown redirect, or data() with its init. */
const statusOf = (r: unknown): number => (r instanceof Response ? r.status : dataStatusOf(r));

let phoneSeq = 100;
/** A fresh Spanish mobile, so only what a test shares is counted together. */
const freshPhone = () => `+34622${String(phoneSeq++).padStart(6, "0")}`;

describe.each(dbKinds)("booking limits on %s", (kind) => {
  let t: TestDb;
  let second: Db;
  let nextSlot: ReturnType<typeof slotSource>;
  beforeAll(async () => {
    t = await createTestDb(kind);
    // A second instance: its own pool on the same PostgreSQL (SQLite's instances are separate processes).
    second = kind === "postgres" ? createDb(t.url) : t.db;
    nextSlot = slotSource();
    await saveBookingSettings(t.db, OWNER, { ...DEFAULT_BOOKING_SETTINGS, rules });
  });
  afterAll(async () => {
    vi.useRealTimers();
    if (second !== t.db) await second?.destroy();
    await t?.cleanup();
  });

  const upcomingOf = async (where: { email?: string; phone?: string }) => {
    let q = t.db
      .selectFrom("appointments")
      .select(["id", "status", "client_email", "client_phone"])
      .where("status", "in", ["held", "confirmed"]);
    if (where.email) q = q.where((eb) => eb(eb.fn<string>("lower", ["client_email"]), "like", where.email!));
    if (where.phone) q = q.where("client_phone", "=", where.phone);
    return q.execute();
  };

  it("gives one email address at most three upcoming appointments, even twenty at once on two pools", async () => {
    const spellings = [
      "lucia.carrera@example.com",
      "Lucia.Carrera@Example.com",
      "lucia.carrera+uñas@example.com",
      "LUCIA.CARRERA+2@EXAMPLE.COM",
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        bookAppointment(
          n % 2 ? second : t.db,
          request(nextSlot(), { email: spellings[n % spellings.length]!, phone: freshPhone() }, { hold: n % 3 === 0 }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.reason])))).toEqual(new Set(["limit"]));
    expect(await upcomingOf({ email: "%carrera%" })).toHaveLength(3);
  });

  it("counts one phone number in any spelling the same way", async () => {
    const spellings = ["+34612555001", "612555001", "0034612555001", "34612555001", "+34 612 55 50 01"];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        bookAppointment(
          n % 2 ? second : t.db,
          request(nextSlot(), { email: `telefono${n}@example.com`, phone: spellings[n % spellings.length]! }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "limit")).toHaveLength(17);
  });

  it("counts an account's appointments whatever address and phone each one was booked with", async () => {
    const user = await makeUser(t.db, `cuenta.cambiante.${kind}@example.com`);
    const results = [];
    for (let n = 0; n < 5; n++) {
      results.push(
        await bookAppointment(
          t.db,
          request(nextSlot(), { userId: user.id, email: `antes${n}.${kind}@example.com`, phone: freshPhone() }),
        ),
      );
    }
    expect(results.map((r) => (r.ok ? "ok" : r.reason))).toEqual(["ok", "ok", "ok", "limit", "limit"]);
  });

  it("neither caps nor counts the staff's bookings", async () => {
    const client = { email: `llama.por.telefono.${kind}@example.com`, phone: freshPhone() };
    const staff = [];
    for (let n = 0; n < 4; n++) {
      staff.push(
        await bookAppointment(
          t.db,
          request(nextSlot(), client, { source: "staff", actor: { id: null, email: "staff@example.com" } }),
        ),
      );
    }
    expect(staff.every((r) => r.ok)).toBe(true);
    const online = [];
    for (let n = 0; n < 4; n++) online.push(await bookAppointment(t.db, request(nextSlot(), client)));
    expect(online.map((r) => (r.ok ? "ok" : r.reason))).toEqual(["ok", "ok", "ok", "limit"]);
  });

  it("frees a place when a hold lapses or she cancels, and a late confirmation counts again", async () => {
    const client = { email: `vuelve.tarde.${kind}@example.com`, phone: freshPhone() };
    const holds = [];
    for (let n = 0; n < 3; n++) holds.push(await bookAppointment(t.db, request(nextSlot(), client, { hold: true })));
    expect(holds.every((r) => r.ok)).toBe(true);
    expect((await bookAppointment(t.db, request(nextSlot(), client))).ok).toBe(false);
    // The holds (20 minutes) lapsed: three more may be booked…
    const later = new Date(NOW.getTime() + 21 * MINUTE);
    const confirmed = [];
    for (let n = 0; n < 3; n++)
      confirmed.push(await bookAppointment(t.db, request(nextSlot(), client, { now: later })));
    expect(confirmed.every((r) => r.ok)).toBe(true);
    // …but confirming a lapsed hold now would make a fourth.
    const first = holds[0]!.ok ? holds[0]!.appointmentId : "";
    expect(await confirmHeld(t.db, first, later)).toEqual({ ok: false, reason: "limit" });
    // One cancelled: the late confirmation fits again.
    const one = confirmed[0]!.ok ? confirmed[0]!.appointmentId : "";
    expect(await cancelAppointment(t.db, one, { by: "client", now: later, rules })).toMatchObject({ ok: true });
    expect(await confirmHeld(t.db, first, later)).toMatchObject({ ok: true, already: false });
  });

  describe("through /reservar and the emailed links", () => {
    const payments = createDemoProvider();
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(NOW);
    });

    function ctx(ip: string) {
      const made = makeContext(t.db, kind, { ip });
      Object.assign(made.services, { payments } satisfies Partial<AppServices>);
      return made.context;
    }

    /** POST /reservar for the next free time with Laura. */
    async function book(ip: string, fields: Record<string, string>, cookie?: string) {
      const slot = nextSlot();
      const href = bookingStepHref({
        serviceIds: ["semipermanente"],
        professional: "laura",
        day: slot.day,
        time: slot.time,
      });
      const req = formRequest(`http://localhost${href}`, fields, cookie);
      try {
        return await bookingAction(req, ctx(ip));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }

    const guest = (email: string) => ({ nombre: "Invitada Prueba", email, telefono: freshPhone(), acepto: "on" });
    const jobsTo = async (kindOf: string) =>
      (await t.db.selectFrom("jobs").select(["kind", "payload"]).where("kind", "=", kindOf).execute()).length;

    it("holds an unverified account's booking until the emailed link confirms it, and refuses the fourth", async () => {
      const user = await makeUser(t.db, `sin.verificar.${kind}@example.com`);
      const cookie = `an_session=${await insertSession(t.db, user.id, NOW)}`;
      const holdEmails = await jobsTo("email:appointment-hold");
      const answers = [];
      for (let n = 0; n < 5; n++) answers.push(await book("198.51.100.20", { telefono: freshPhone() }, cookie));
      const booked = answers.slice(0, 3) as Response[];
      for (const r of booked) {
        expect(r.status).toBe(302);
        expect(r.headers.get("location")).toMatch(/^\/reservar\/pendiente\?cita=/);
      }
      const rows = await t.db
        .selectFrom("appointments")
        .select(["status", "hold_expires_at", "user_id"])
        .where("client_email", "=", user.email)
        .execute();
      expect(rows.map((r) => r.status)).toEqual(["held", "held", "held"]);
      expect(rows.every((r) => r.user_id === user.id && r.hold_expires_at)).toBe(true);
      expect(await jobsTo("email:appointment-hold")).toBe(holdEmails + 3);
      for (const refused of answers.slice(3)) {
        expect(statusOf(refused)).toBe(409);
        const body = bodyOf(refused);
        expect(body.form).toMatch(/^Ya tienes 3 citas pendientes/);
        expect(body.manage).toEqual({ href: "/perfil/citas", label: "Ver mis citas" });
      }
    });

    it("confirms a verified account's booking at once", async () => {
      const user = await makeUser(t.db, `verificada.${kind}@example.com`);
      await t.db.updateTable("users").set({ email_verified_at: NOW.toISOString() }).where("id", "=", user.id).execute();
      const cookie = `an_session=${await insertSession(t.db, user.id, NOW)}`;
      const r = (await book("198.51.100.21", { telefono: freshPhone() }, cookie)) as Response;
      expect(r.headers.get("location")).toMatch(/^\/perfil\/citas\?reservada=/);
      const row = await t.db
        .selectFrom("appointments")
        .select("status")
        .where("client_email", "=", user.email)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("confirmed");
    });

    it("tells a guest at the cap how to manage her appointments, with no 500", async () => {
      const email = `invitada.tope.${kind}@example.com`;
      const phone = freshPhone();
      const answers = [];
      for (let n = 0; n < 4; n++)
        answers.push(await book(`198.51.100.${30 + n}`, { ...guest(email), telefono: phone }));
      expect(answers.slice(0, 3).map((r) => (r as Response).status)).toEqual([302, 302, 302]);
      expect(statusOf(answers[3])).toBe(409);
      expect(bodyOf(answers[3]).form).toMatch(/^Ya tienes 3 citas pendientes/);
      expect(bodyOf(answers[3]).form).toMatch(/enlace del correo/);
      expect(bodyOf(answers[3]).manage).toBeNull();
    });

    it("counts guests of one IPv6 /64 as one network", async () => {
      const statuses = [];
      for (let n = 0; n < 11; n++) {
        const ip = `2001:db8:31:64:${(n * 4099).toString(16)}:${n + 1}::${(n * 7).toString(16)}`;
        const r = await book(ip, guest(`vecina${n}.${kind}@example.com`));
        statuses.push(statusOf(r));
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
      expect(statuses[10]).toBe(429);
    });

    it("limits the booking emails one address receives in an hour, whoever asks", async () => {
      const email = `destinataria.${kind}@example.com`;
      const statuses: number[] = [];
      const holdEmails = await jobsTo("email:appointment-hold");
      // Three holds at a time (the cap), left to lapse, three more, and so on: from a new network each time.
      for (let round = 0; round < 3; round++) {
        vi.setSystemTime(new Date(NOW.getTime() + round * 21 * MINUTE));
        for (let n = 0; n < 3; n++) {
          const r = await book(`203.0.113.${round * 10 + n + 1}`, guest(email));
          statuses.push(statusOf(r));
        }
      }
      expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 429, 429, 429]);
      expect(await jobsTo("email:appointment-hold")).toBe(holdEmails + 6);
    });

    it("limits the emails moving an appointment back and forth sends", async () => {
      const slotA = nextSlot();
      const slotB = nextSlot();
      const booked = await bookAppointment(
        t.db,
        request(slotA, { email: `se.mueve.${kind}@example.com`, phone: freshPhone() }),
      );
      if (!booked.ok) throw new Error("not booked");
      const token = await createAppointmentLink(t.db, booked.appointmentId, "manage", NOW);
      const statuses: number[] = [];
      for (let n = 0; n < 8; n++) {
        // A second apart: each move is its own email (its dedupe key holds the time of the move).
        vi.setSystemTime(new Date(NOW.getTime() + n * 1000));
        const at = wallToInstant(n % 2 ? slotA.day : slotB.day, n % 2 ? slotA.time : slotB.time);
        const r = await citaAction({
          request: formRequest(`http://localhost/cita/${token}`, { intent: "move", at: String(at) }),
          params: { token },
          context: ctx(`192.0.2.${n + 1}`),
        } as unknown as Parameters<typeof citaAction>[0]);
        statuses.push(statusOf(r));
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      const moves = await t.db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", "email:appointment-moved")
        .where("payload", "like", `%${booked.appointmentId}%`)
        .execute();
      expect(moves).toHaveLength(6);
    });

    it("limits the emails one network can make the salon send", async () => {
      const statuses: number[] = [];
      // Four clients' appointments, each moved five times from one network: the twenty-first is refused.
      for (let c = 0; c < 5; c++) {
        const slotA = nextSlot();
        const slotB = nextSlot();
        const booked = await bookAppointment(
          t.db,
          request(slotA, { email: `red${c}.${kind}@example.com`, phone: freshPhone() }),
        );
        if (!booked.ok) throw new Error("not booked");
        const token = await createAppointmentLink(t.db, booked.appointmentId, "manage", NOW);
        for (let n = 0; n < (c < 4 ? 5 : 1); n++) {
          const at = wallToInstant(n % 2 ? slotA.day : slotB.day, n % 2 ? slotA.time : slotB.time);
          const r = await citaAction({
            request: formRequest(`http://localhost/cita/${token}`, { intent: "move", at: String(at) }),
            params: { token },
            context: ctx("2001:db8:99:1::1"),
          } as unknown as Parameters<typeof citaAction>[0]);
          statuses.push(statusOf(r));
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});

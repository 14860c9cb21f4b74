/**
 * Booking appointments (issue 15) on SQLite and PostgreSQL, through the same
 * functions /reservar and Gestión call: twenty clients racing for one slot end
 * with exactly one booking (the slot table's primary key decides, on two
 * connection pools as two servers would have); "cualquier profesional" hands
 * out exactly the professionals free then; a guest's hold keeps the slot, a
 * lapsed one frees it; cancel and move free and take slots; times are right
 * across the daylight-saving changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelAppointment, moveAppointment } from "~/bookings/appointment-changes.server.ts";
import { bookAppointment, confirmHeld, type BookRequest } from "~/bookings/appointments.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

// Tuesday 24 November 2026, 09:00 in Madrid.
const NOW = new Date("2026-11-24T08:00:00Z");
const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 200 };

function request(overrides: Partial<BookRequest> = {}, n = 0): BookRequest {
  return {
    serviceIds: ["semipermanente"],
    professionalId: "laura",
    // Thursday 26 November, 10:00 in Madrid.
    at: wallToInstant("2026-11-26", 600),
    // Each client her own phone: a client's upcoming online appointments are capped (booking-limits.test.ts).
    client: {
      userId: null,
      name: `Clienta ${n}`,
      email: `clienta${n}@example.com`,
      phone: `+34612${String(n).padStart(6, "0")}`,
    },
    comment: "",
    source: "online",
    hold: false,
    now: NOW,
    rules,
    ...overrides,
  };
}

async function slotsOf(db: Db, appointmentId: string): Promise<number> {
  const r = await db
    .selectFrom("appointment_slots")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("appointment_id", "=", appointmentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe.each(dbKinds)("booking appointments on %s", (kind) => {
  let t: TestDb;
  let second: Db;
  beforeAll(async () => {
    t = await createTestDb(kind);
    // A second instance: its own pool on the same PostgreSQL. SQLite's driver is synchronous, so two
    // connections in one process would wait on each other's lock; its instances are separate processes.
    second = kind === "postgres" ? createDb(t.url) : t.db;
  });
  afterAll(async () => {
    if (second !== t.db) await second?.destroy();
    await t?.cleanup();
  });

  it("gives one slot to exactly one of twenty clients racing for it", async () => {
    const at = wallToInstant("2026-11-26", 600);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => bookAppointment(n % 2 ? second : t.db, request({ at }, n))),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    // The others hear that the time is gone: refused by the slot's key ("taken"), or, when the
    // winner had already committed, by the availability check before it ("unavailable").
    const reasons = new Set(results.flatMap((r) => (r.ok ? [] : [r.reason])));
    expect([...reasons].every((r) => r === "taken" || r === "unavailable")).toBe(true);
    const rows = await t.db
      .selectFrom("appointments")
      .select(["starts_at", "blocks_until", "status"])
      .where("professional_id", "=", "laura")
      .where("starts_at", "=", new Date(at).toISOString())
      .execute();
    expect(rows).toEqual([
      // 60 min of semipermanente and its 10 min of drying: 14 slots of 5 minutes.
      { starts_at: "2026-11-26T09:00:00.000Z", blocks_until: "2026-11-26T10:10:00.000Z", status: "confirmed" },
    ]);
    expect(await slotsOf(t.db, won[0]!.ok ? won[0]!.appointmentId : "")).toBe(14);
    // An overlapping start (10:30, inside the first one) is refused too.
    const overlap = await bookAppointment(t.db, request({ at: wallToInstant("2026-11-26", 630) }, 99));
    expect(overlap).toEqual({ ok: false, reason: "unavailable" });
  });

  it("hands out exactly the professionals free then to twenty clients asking for anyone", async () => {
    // Friday 27 November, 10:00: Alejandra, Laura and Marta work then and do semipermanente.
    const at = wallToInstant("2026-11-27", 600);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        bookAppointment(n % 2 ? second : t.db, request({ at, professionalId: null }, n)),
      ),
    );
    const won = results.flatMap((r) => (r.ok ? [r.professionalId] : []));
    expect(won.sort()).toEqual(["alejandra", "laura", "marta"]);
  });

  it("keeps a guest's slot while her hold lasts, and frees it once it lapsed", async () => {
    const at = wallToInstant("2026-11-30", 660);
    const held = await bookAppointment(t.db, request({ at, hold: true }, 1));
    expect(held).toMatchObject({ ok: true, status: "held" });
    const during = new Date(NOW.getTime() + 10 * 60_000);
    expect(await bookAppointment(t.db, request({ at, now: during }, 2))).toEqual({ ok: false, reason: "unavailable" });
    // The hold (20 minutes) lapsed: the slot is free for someone else…
    const after = new Date(NOW.getTime() + 21 * 60_000);
    const other = await bookAppointment(t.db, request({ at, now: after }, 3));
    expect(other).toMatchObject({ ok: true, status: "confirmed" });
    // …and the first guest's late confirmation is refused, not doubled.
    expect(await confirmHeld(t.db, held.ok ? held.appointmentId : "", after)).toEqual({ ok: false, reason: "taken" });
    const statuses = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("starts_at", "=", new Date(at).toISOString())
      .where("professional_id", "=", "laura")
      .orderBy("created_at")
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(["confirmed", "expired"]);
  });

  it("confirms a guest's hold by her link, even a little late when nobody took the slot", async () => {
    const at = wallToInstant("2026-12-01", 600);
    const held = await bookAppointment(t.db, request({ at, hold: true }, 4));
    if (!held.ok) throw new Error("not booked");
    const late = new Date(NOW.getTime() + 60 * 60_000);
    expect(await confirmHeld(t.db, held.appointmentId, late)).toEqual({
      ok: true,
      appointmentId: held.appointmentId,
      already: false,
    });
    expect(await confirmHeld(t.db, held.appointmentId, late)).toEqual({
      ok: true,
      appointmentId: held.appointmentId,
      already: true,
    });
    expect(await slotsOf(t.db, held.appointmentId)).toBe(14);
  });

  it("frees the slot on cancel, refuses a client's cancel inside the window, and moves only to a free time", async () => {
    const at = wallToInstant("2026-12-02", 600);
    const a = await bookAppointment(t.db, request({ at }, 5));
    const b = await bookAppointment(t.db, request({ at: wallToInstant("2026-12-02", 720) }, 6));
    if (!a.ok || !b.ok) throw new Error("not booked");
    // Moving A onto B's time is refused and changes nothing.
    const onto = await moveAppointment(
      t.db,
      a.appointmentId,
      { at: wallToInstant("2026-12-02", 720) },
      { by: "client", now: NOW, rules },
    );
    expect(onto.ok).toBe(false);
    expect(await slotsOf(t.db, a.appointmentId)).toBe(14);
    // Moving A later the same morning works: its old time is free again.
    expect(
      await moveAppointment(
        t.db,
        a.appointmentId,
        { at: wallToInstant("2026-12-02", 630) },
        { by: "client", now: NOW, rules },
      ),
    ).toEqual({ ok: true });
    expect(
      await bookAppointment(t.db, request({ at: wallToInstant("2026-12-02", 540), serviceIds: ["retirada"] }, 7)),
    ).toMatchObject({ ok: true });
    // Inside the 24-hour window the client cannot cancel; the salon can.
    const dayBefore = new Date(wallToInstant("2026-12-01", 780));
    expect(await cancelAppointment(t.db, b.appointmentId, { by: "client", now: dayBefore, rules })).toEqual({
      ok: false,
      reason: "window",
    });
    expect(
      await cancelAppointment(t.db, b.appointmentId, {
        by: "staff",
        now: dayBefore,
        rules,
        actor: { id: null, email: "staff@example.com" },
      }),
      // No deposit was asked for this one: nothing to refund.
    ).toEqual({ ok: true, depositRefundCents: 0 });
    expect(await slotsOf(t.db, b.appointmentId)).toBe(0);
    expect(await bookAppointment(t.db, request({ at: wallToInstant("2026-12-02", 720) }, 8))).toMatchObject({
      ok: true,
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", b.appointmentId)
      .execute();
    expect(audit.map((r) => r.action)).toEqual(["appointment.cancel"]);
  });

  it("books the Madrid wall-clock time across both daylight-saving changes", async () => {
    const far = { ...rules, horizonDays: 400 };
    // Friday 26 March 2027 (winter time, UTC+1) and Monday 29 March 2027 (summer time, UTC+2).
    const before = await bookAppointment(t.db, request({ at: wallToInstant("2027-03-26", 600), rules: far }, 9));
    const afterChange = await bookAppointment(t.db, request({ at: wallToInstant("2027-03-29", 600), rules: far }, 10));
    // Friday 29 October 2027 (UTC+2) and Tuesday 2 November 2027 (UTC+1).
    const octBefore = await bookAppointment(t.db, request({ at: wallToInstant("2027-10-29", 600), rules: far }, 11));
    const octAfter = await bookAppointment(t.db, request({ at: wallToInstant("2027-11-02", 600), rules: far }, 12));
    const starts = await Promise.all(
      [before, afterChange, octBefore, octAfter].map(async (r) =>
        r.ok
          ? (
              await t.db
                .selectFrom("appointments")
                .select("starts_at")
                .where("id", "=", r.appointmentId)
                .executeTakeFirstOrThrow()
            ).starts_at
          : r.reason,
      ),
    );
    expect(starts).toEqual([
      "2027-03-26T09:00:00.000Z",
      "2027-03-29T08:00:00.000Z",
      "2027-10-29T08:00:00.000Z",
      "2027-11-02T09:00:00.000Z",
    ]);
  });

  it("queues the guest's confirmation email with the hold, and the confirmation with the booking", async () => {
    const held = await bookAppointment(t.db, request({ at: wallToInstant("2026-12-03", 600), hold: true }, 13));
    if (!held.ok) throw new Error("not booked");
    const jobs = await t.db
      .selectFrom("jobs")
      .select(["kind", "payload"])
      .where("payload", "like", `%${held.appointmentId}%`)
      .execute();
    expect(jobs.map((j) => j.kind)).toEqual(["email:appointment-hold"]);
    await confirmHeld(t.db, held.appointmentId, NOW);
    const after = await t.db
      .selectFrom("jobs")
      .select("kind")
      .where("payload", "like", `%${held.appointmentId}%`)
      .execute();
    // Confirmed: her email and reminder, and the salon's notice of a new booking (appointment-notices.test.ts).
    expect(after.map((j) => j.kind).sort()).toEqual([
      "email:appointment-confirmed",
      "email:appointment-hold",
      "email:appointment-reminder",
      "email:salon-booking",
    ]);
  });
});

/**
 * Availability from the seeded salon (issue 15), on SQLite and PostgreSQL: the
 * free starts of a seeded service for a week with a fixed clock, and how
 * appointments (live, held, expired, cancelled, being moved), time off and a
 * closure of the salon take time away.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkStart, loadAvailability, type AvailabilityQuery } from "~/bookings/availability.server.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { formatTime, parseTime } from "~/domain/salon-time.ts";
import { newId } from "~/lib/ids.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

// Friday 20 November 2026, 09:00 in Madrid; the week shown starts on Monday the 23rd (UTC+1).
const NOW = new Date("2026-11-20T08:00:00Z");
const MONDAY = "2026-11-23";
const quarters = (from: string, to: string) => {
  const toMin = (t: string) => parseTime(t)!;
  const out: string[] = [];
  for (let m = toMin(from); m <= toMin(to); m += 15) out.push(formatTime(m));
  return out;
};

describe.each(dbKinds)("availability on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  afterEach(async () => {
    await t.db.deleteFrom("appointments").execute();
    await t.db.deleteFrom("time_off").execute();
  });

  const query = (over: Partial<AvailabilityQuery> = {}): AvailabilityQuery => ({
    serviceIds: ["semipermanente"],
    professionalId: "alejandra",
    fromDate: MONDAY,
    days: 7,
    now: NOW,
    rules: DEFAULT_BOOKING_RULES,
    online: true,
    ...over,
  });
  const load = async (over: Partial<AvailabilityQuery> = {}) => {
    const res = await loadAvailability(t.db, query(over));
    if (!res.ok) throw new Error(`refused: ${res.reason}`);
    return res;
  };
  /** "HH:MM" starts per date. */
  const startsByDate = async (over: Partial<AvailabilityQuery> = {}) =>
    Object.fromEntries((await load(over)).days.map((d) => [d.date, d.starts.map((s) => formatTime(s.minutes))]));

  async function insertAppointment(a: {
    professionalId: string;
    startsAt: string;
    endsAt: string;
    blocksUntil: string;
    status: string;
    holdExpiresAt?: string;
  }): Promise<string> {
    const id = newId();
    await t.db
      .insertInto("appointments")
      .values({
        id,
        professional_id: a.professionalId,
        user_id: null,
        client_name: "Nerea Vidal",
        client_email: "nerea@example.com",
        client_phone: "600000000",
        starts_at: a.startsAt,
        ends_at: a.endsAt,
        blocks_until: a.blocksUntil,
        status: a.status,
        hold_expires_at: a.holdExpiresAt ?? null,
        source: "online",
        client_comment: "",
        price_cents: 2500,
        price_from: 0,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
        confirmed_at: null,
        cancelled_at: null,
        cancelled_by: null,
      })
      .execute();
    return id;
  }
  // Alejandra, Monday 11:00–12:00 in Madrid, its buffer until 12:10.
  const mondayEleven = (status: string, holdExpiresAt?: string) =>
    insertAppointment({
      professionalId: "alejandra",
      startsAt: "2026-11-23T10:00:00.000Z",
      endsAt: "2026-11-23T11:00:00.000Z",
      blocksUntil: "2026-11-23T11:10:00.000Z",
      status,
      holdExpiresAt,
    });
  const ALEJANDRA_MORNING = quarters("10:00", "12:45");

  it("lists a week of one professional's starts, her split shifts included, and the closed days", async () => {
    const res = await load();
    expect(res.services.map((s) => s.id)).toEqual(["semipermanente"]);
    expect(res.professionals.map((p) => p.id)).toEqual(["alejandra", "laura", "sofia", "marta", "paula"]);
    expect(res.days.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    const byDate = await startsByDate();
    // Monday and Wednesday: 10–14 and 16–20; the 60-minute service and its 10 minutes fit until 12:45 / 18:45.
    expect(byDate["2026-11-23"]).toEqual([...ALEJANDRA_MORNING, ...quarters("16:00", "18:45")]);
    expect(byDate["2026-11-24"]).toEqual(ALEJANDRA_MORNING);
    expect(byDate["2026-11-25"]).toEqual([...ALEJANDRA_MORNING, ...quarters("16:00", "18:45")]);
    expect(byDate["2026-11-28"]).toEqual([]);
    expect(byDate["2026-11-29"]).toEqual([]);
    expect(res.days[0]!.starts[0]).toEqual({
      minutes: 600,
      at: Date.parse("2026-11-23T09:00:00Z"),
      professionalIds: ["alejandra"],
    });
  });

  it("merges everyone able for 'cualquier profesional' and says who is free", async () => {
    const res = await load({ professionalId: null });
    const monday = new Map(res.days[0]!.starts.map((s) => [formatTime(s.minutes), s.professionalIds]));
    expect(monday.get("09:00")).toEqual(["laura", "marta"]);
    expect(monday.get("10:00")).toEqual(["alejandra", "laura", "marta"]);
    // Paula works until 21:00: 19:45 + 70 minutes is the last start of the day.
    expect(monday.get("19:45")).toEqual(["paula"]);
    expect(monday.has("20:00")).toBe(false);
    // Carla does only facial services: never offered for a manicure.
    expect(res.days.flatMap((d) => d.starts.flatMap((s) => s.professionalIds))).not.toContain("carla");
    // Saturday: Sofía, Marta and Paula; Sunday the salon is closed.
    expect(res.days[5]!.starts[0]!.professionalIds).toEqual(["sofia", "marta", "paula"]);
    expect(res.days[6]!.starts).toEqual([]);
  });

  it("needs the length of two services in a row", async () => {
    const byDate = await startsByDate({ serviceIds: ["retirada", "semipermanente"] });
    // 20 + 60 minutes and semipermanente's 10 after it: the last morning start is 12:30.
    expect(byDate["2026-11-24"]).toEqual(quarters("10:00", "12:30"));
  });

  it("a confirmed appointment takes its span and buffer; a start is checked against it", async () => {
    const id = await mondayEleven("confirmed");
    const byDate = await startsByDate();
    expect(byDate["2026-11-23"]).toEqual(["12:15", "12:30", "12:45", ...quarters("16:00", "18:45")]);
    expect(byDate["2026-11-24"]).toEqual(ALEJANDRA_MORNING);

    const at = (iso: string) => Date.parse(iso);
    const check = (iso: string, ignoreAppointmentId?: string) =>
      checkStart(t.db, { ...query(), professionalId: "alejandra", at: at(iso), ignoreAppointmentId });
    expect(await check("2026-11-23T11:15:00Z")).toBe(true); // 12:15
    expect(await check("2026-11-23T11:00:00Z")).toBe(false); // 12:00, inside the buffer
    expect(await check("2026-11-23T09:00:00Z")).toBe(false); // 10:00 would run into 11:00
    // Moving that same appointment: its own time is free for it.
    expect(await check("2026-11-23T09:00:00Z", id)).toBe(true);
    expect((await startsByDate({ ignoreAppointmentId: id }))["2026-11-23"]!.slice(0, 12)).toEqual(ALEJANDRA_MORNING);
    // Others are still free at that time when anyone will do.
    const any = await load({ professionalId: null });
    expect(any.days[0]!.starts.find((s) => formatTime(s.minutes) === "11:00")!.professionalIds).toEqual([
      "laura",
      "marta",
    ]);
  });

  it("a live hold takes time; an expired hold and a cancelled appointment do not", async () => {
    await mondayEleven("held", "2026-11-20T08:15:00.000Z");
    expect((await startsByDate())["2026-11-23"]!.slice(0, 3)).toEqual(["12:15", "12:30", "12:45"]);
    await t.db.deleteFrom("appointments").execute();

    await mondayEleven("held", "2026-11-20T07:59:00.000Z");
    await mondayEleven("cancelled");
    await mondayEleven("expired");
    expect((await startsByDate())["2026-11-23"]!.slice(0, 12)).toEqual(ALEJANDRA_MORNING);
  });

  it("her time off and a closure of the salon take time away", async () => {
    const created = { reason: "", created_at: NOW.toISOString(), created_by: null };
    await t.db
      .insertInto("time_off")
      .values([
        // Alejandra, Tuesday 10:00–12:00 in Madrid.
        {
          id: newId(),
          professional_id: "alejandra",
          starts_at: "2026-11-24T09:00:00.000Z",
          ends_at: "2026-11-24T11:00:00.000Z",
          ...created,
        },
        // The whole salon, all of Thursday.
        {
          id: newId(),
          professional_id: null,
          starts_at: "2026-11-25T23:00:00.000Z",
          ends_at: "2026-11-26T23:00:00.000Z",
          ...created,
        },
        // Someone else's time off does not touch hers.
        {
          id: newId(),
          professional_id: "laura",
          starts_at: "2026-11-23T08:00:00.000Z",
          ends_at: "2026-11-23T20:00:00.000Z",
          ...created,
        },
      ])
      .execute();
    const byDate = await startsByDate();
    expect(byDate["2026-11-23"]).toEqual([...ALEJANDRA_MORNING, ...quarters("16:00", "18:45")]);
    expect(byDate["2026-11-24"]).toEqual(quarters("12:00", "12:45"));
    expect(byDate["2026-11-26"]).toEqual([]);
    const any = await load({ professionalId: null });
    expect(any.days.find((d) => d.date === "2026-11-26")!.starts).toEqual([]);
    expect(any.days[0]!.starts.find((s) => formatTime(s.minutes) === "09:00")!.professionalIds).toEqual(["marta"]);
  });

  it("applies the notice and the horizon from the rules", async () => {
    // Monday 09:50 in Madrid with two hours' notice: 12:00 first.
    const late = await startsByDate({ now: new Date("2026-11-23T08:50:00Z") });
    expect(late["2026-11-23"]![0]).toBe("12:00");
    const res = await load({ rules: { ...DEFAULT_BOOKING_RULES, horizonDays: 4 } });
    expect(res.days.map((d) => d.date)).toEqual(["2026-11-23", "2026-11-24"]);
    // A date already past starts today; a nonsense date means today.
    expect((await load({ fromDate: "2026-11-01", days: 1 })).days.map((d) => d.date)).toEqual(["2026-11-20"]);
    expect((await load({ fromDate: "mañana", days: 1 })).days.map((d) => d.date)).toEqual(["2026-11-20"]);
  });

  it("refuses unknown services and professionals with a reason", async () => {
    expect(await loadAvailability(t.db, query({ serviceIds: ["no-existe"] }))).toEqual({
      ok: false,
      reason: "unknown-service",
    });
    expect(await loadAvailability(t.db, query({ serviceIds: [] }))).toEqual({ ok: false, reason: "unknown-service" });
    expect(await loadAvailability(t.db, query({ professionalId: "nadie" }))).toEqual({
      ok: false,
      reason: "unknown-professional",
    });
    // Carla does not do manicures.
    expect(await loadAvailability(t.db, query({ professionalId: "carla" }))).toEqual({
      ok: false,
      reason: "no-professional",
    });
    expect(
      await loadAvailability(t.db, query({ serviceIds: ["semipermanente", "cejas"], professionalId: null })),
    ).toEqual({
      ok: false,
      reason: "no-professional",
    });
    expect(
      await checkStart(t.db, { ...query(), professionalId: "carla", at: Date.parse("2026-11-23T09:00:00Z") }),
    ).toBe(false);
  });

  it("offers a service not bookable online to the staff only", async () => {
    await t.db.updateTable("services").set({ bookable_online: 0 }).where("id", "=", "nail-art").execute();
    try {
      expect(await loadAvailability(t.db, query({ serviceIds: ["nail-art"] }))).toEqual({
        ok: false,
        reason: "unknown-service",
      });
      const staff = await load({ serviceIds: ["nail-art"], online: false });
      expect(staff.days[0]!.starts.length).toBeGreaterThan(0);
    } finally {
      await t.db.updateTable("services").set({ bookable_online: 1 }).where("id", "=", "nail-art").execute();
    }
  });
});

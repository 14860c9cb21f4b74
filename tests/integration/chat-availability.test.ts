/**
 * The assistant answers availability questions from the live diaries (issue
 * 15 §7), on SQLite and PostgreSQL, with a fixed clock: the times it offers are
 * the free ones (a booking takes its time out of the answer), each links to
 * that step of /reservar, and the owner's settings (rules, external page) count.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { loadAvailability } from "~/bookings/availability.server.ts";
import { saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { createAssistant, type Assistant } from "~/chat/assistant.server.ts";
import { trainClassifier } from "~/chat/nlp.server.ts";
import { parseReply, visibleText } from "~/chat/reply-format.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking-settings-form.ts";
import { formatTime } from "~/domain/salon-time.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

// Friday 20 November 2026, 09:00 in Madrid (UTC+1).
const NOW = new Date("2026-11-20T08:00:00Z");
const MONDAY = "2026-11-23";
const OWNER = { id: null, email: "owner@example.com" };
const EXTERNAL = "https://reservas.example.com/alejandra-nails";

let assistant: Assistant;
beforeAll(async () => {
  assistant = createAssistant(await trainClassifier(), createLogger("silent"));
});

const links = (text: string, allowed: string[] = []) =>
  parseReply(text, allowed).flatMap((s) => (s.type === "link" ? [{ label: s.label, href: s.href }] : []));
const hhmm = (minutes: number) => formatTime(minutes).replace(":", "%3A");
const stepHref = (day: string, minutes?: number) =>
  `/reservar?servicio=semipermanente&profesional=any&dia=${day}${minutes === undefined ? "" : `&hora=${hhmm(minutes)}`}`;

describe.each(dbKinds)("availability answers (%s)", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  afterEach(async () => {
    await t.db.deleteFrom("appointment_slots").execute();
    await t.db.deleteFrom("appointment_services").execute();
    await t.db.deleteFrom("jobs").execute();
    await t.db.deleteFrom("appointments").execute();
    await t.db.deleteFrom("time_off").execute();
    await saveBookingSettings(t.db, OWNER, DEFAULT_BOOKING_SETTINGS);
  });

  const ask = async (message: string) => {
    const reply = await assistant.answer(t.db, message, { now: NOW, today: "2026-11-20" });
    return reply.response;
  };
  /** Monday's free afternoon starts of a semipermanente, as /reservar computes them. */
  const mondayAfternoon = async () => {
    const res = await loadAvailability(t.db, {
      serviceIds: ["semipermanente"],
      professionalId: null,
      fromDate: MONDAY,
      days: 1,
      now: NOW,
      rules: DEFAULT_BOOKING_RULES,
      online: true,
    });
    if (!res.ok) throw new Error(res.reason);
    return res.days[0]!.starts.filter((s) => s.minutes >= 14 * 60);
  };
  const QUESTION = "¿tenéis hueco el lunes por la tarde para semipermanente?";

  it("offers the first four free afternoon times, each a link to that step of /reservar", async () => {
    const free = (await mondayAfternoon()).slice(0, 4);
    expect(free).toHaveLength(4);
    const answer = await ask(QUESTION);
    const times = free.map((s) => formatTime(s.minutes));
    expect(visibleText(answer)).toBe(
      `El lunes 23 de noviembre por la tarde tenemos hueco para Manicura semipermanente a las ${times[0]}, ${times[1]}, ${times[2]} y ${times[3]}.\nVer más horas`,
    );
    expect(links(answer)).toEqual([
      ...free.map((s) => ({ label: formatTime(s.minutes), href: stepHref(MONDAY, s.minutes) })),
      { label: "Ver más horas", href: stepHref(MONDAY) },
    ]);
  });

  it("no longer offers a time once it is booked by everyone able to do it", async () => {
    const [first] = await mondayAfternoon();
    for (const professionalId of first!.professionalIds) {
      const booked = await bookAppointment(t.db, {
        serviceIds: ["semipermanente"],
        professionalId,
        at: first!.at,
        client: { userId: null, name: "Nerea Vidal", email: "nerea@example.com", phone: "+34600000000" },
        comment: "",
        source: "online",
        hold: false,
        now: NOW,
        rules: DEFAULT_BOOKING_RULES,
      });
      expect(booked.ok).toBe(true);
    }
    const answer = await ask(QUESTION);
    expect(links(answer).map((l) => l.href)).not.toContain(stepHref(MONDAY, first!.minutes));
    // The appointment (and its buffer) also takes the quarter hours after it: the answer starts at the next free one.
    const [next] = await mondayAfternoon();
    expect(next!.minutes).toBeGreaterThan(first!.minutes);
    expect(links(answer)[0]).toEqual({ label: formatTime(next!.minutes), href: stepHref(MONDAY, next!.minutes) });
  });

  it("says when the day is full and offers the next day with free times", async () => {
    await t.db
      .insertInto("time_off")
      .values({
        id: newId(),
        professional_id: null,
        starts_at: "2026-11-22T23:00:00.000Z",
        ends_at: "2026-11-23T23:00:00.000Z",
        reason: "Cerrado",
        created_at: NOW.toISOString(),
        created_by: null,
      })
      .execute();
    const answer = visibleText(await ask(QUESTION));
    expect(answer).toMatch(
      /^El lunes 23 de noviembre por la tarde no nos queda hueco para Manicura semipermanente\. El siguiente día con hueco por la tarde es el martes 24 de noviembre, a las (1[4-9]|20):\d\d/,
    );
    expect(links(await ask(QUESTION)).at(-1)).toEqual({ label: "Ver más horas", href: stepHref("2026-11-24") });
  });

  it("follows the owner's notice: nothing sooner than it today", async () => {
    const early = visibleText(await ask("¿hay hueco hoy para semipermanente?"));
    expect(early).toMatch(/^Hoy \(viernes 20 de noviembre\) tenemos hueco para Manicura semipermanente a las 11:00/);
    await saveBookingSettings(t.db, OWNER, {
      ...DEFAULT_BOOKING_SETTINGS,
      rules: { ...DEFAULT_BOOKING_RULES, noticeMinutes: 6 * 60 },
    });
    expect(visibleText(await ask("¿hay hueco hoy para semipermanente?"))).toMatch(/a las 15:00/);
  });

  it("asks which service, by category, when none is named", async () => {
    const answer = await ask("¿tenéis hueco mañana?");
    expect(visibleText(answer)).toMatch(/^¿Para qué servicio buscas hueco\?/);
    expect(visibleText(answer)).toContain("• Pies: Pedicura completa, Pedicura con semipermanente");
    expect(links(answer)).toEqual([{ label: "Ver todos los servicios", href: "/servicios" }]);
  });

  it("gives the owner's external booking page instead of /reservar times", async () => {
    await saveBookingSettings(t.db, OWNER, { ...DEFAULT_BOOKING_SETTINGS, mode: "external", externalUrl: EXTERNAL });
    const answer = await ask(QUESTION);
    expect(answer).not.toContain("/reservar");
    expect(links(answer, [EXTERNAL])).toContainEqual({ label: "Reservar cita", href: EXTERNAL });
    // Without the setting's address the formatter shows the label only.
    expect(links(answer).map((l) => l.href)).not.toContain(EXTERNAL);
    // Other booking answers lead there too.
    const booking = await ask("quiero pedir cita para una manicura");
    expect(booking).not.toContain("(/reservar)");
    expect(links(booking, [EXTERNAL])).toContainEqual({ label: "Reservar cita", href: EXTERNAL });
  });
});

/**
 * The client's appointment emails on a real database (SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set), through the real outbox: what each email
 * says, its calendar file and links, and the 24-hour reminder driven with a
 * fake clock (sent once, by one of two workers; skipped once moved or cancelled).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queueAppointmentEmails, type AppointmentEvent } from "~/bookings/appointment-emails.server.ts";
import { findAppointmentIdByToken } from "~/bookings/appointment-links.server.ts";
import { getAppointment } from "~/bookings/queries.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { formatTime, wallClockOf, wallToInstant } from "~/domain/salon-time.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker } from "~/jobs/worker.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { loader as calendarLoader } from "~/routes/cita.calendario.ts";
import { makeContext, memoryMailer, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

const logger = createLogger("silent");
const PUBLIC_URL = "http://localhost:3000";
const HOUR = 3_600_000;
const NBSP = "\u00a0";
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const SEMI = {
  id: "semipermanente",
  name: "Manicura semipermanente",
  durationMin: 60,
  priceCents: 2500,
  priceFrom: false,
};
const NAIL_ART = { id: "nail-art", name: "Nail art (decoración)", durationMin: 20, priceCents: 500, priceFrom: true };

/** The unfolded, unescaped value of an .ics property (first occurrence). */
function icsValue(ics: string, name: string): string | undefined {
  const line = ics
    .replace(/\r\n /g, "")
    .split("\r\n")
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\\n/g, "\n")
    .replace(/\\([,;\\])/g, "$1");
}

function calendarOf(mail: MailMessage) {
  expect(mail.attachments).toHaveLength(1);
  const [a] = mail.attachments!;
  return { ...a, ics: String(a.content) };
}

const tokenIn = (text: string, path: string) =>
  new RegExp(`${PUBLIC_URL}${path}/([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? null;

describe.each(dbKinds)("appointment emails on %s", (kind) => {
  let t: TestDb;
  const mailer = memoryMailer();
  const payments = createDemoProvider();
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  interface Booking {
    startsAt: Date;
    status?: string;
    holdExpiresAt?: Date | null;
    services?: (typeof SEMI)[];
    now?: Date;
    /** The language it was booked in (es by default). */
    locale?: "es" | "ca";
  }

  /** An appointment with Alejandra Ruiz for a fresh client, written as the booking code would. */
  async function book(b: Booking) {
    const id = newId();
    const email = `cita-${id.slice(0, 8)}@example.com`;
    const services = b.services ?? [SEMI];
    const minutes = services.reduce((n, s) => n + s.durationMin, 0);
    const at = (b.now ?? new Date()).toISOString();
    await t.db
      .insertInto("appointments")
      .values({
        id,
        professional_id: "alejandra",
        user_id: null,
        client_name: "Lucía Gómez",
        client_email: email,
        client_phone: "600000000",
        starts_at: b.startsAt.toISOString(),
        ends_at: new Date(b.startsAt.getTime() + minutes * 60_000).toISOString(),
        blocks_until: new Date(b.startsAt.getTime() + (minutes + 10) * 60_000).toISOString(),
        status: b.status ?? "confirmed",
        hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
        source: "online",
        client_comment: "",
        price_cents: services.reduce((n, s) => n + s.priceCents, 0),
        price_from: services.some((s) => s.priceFrom) ? 1 : 0,
        created_at: at,
        updated_at: at,
        confirmed_at: b.status === "held" ? null : at,
        cancelled_at: null,
        cancelled_by: null,
        locale: b.locale ?? "es",
      })
      .execute();
    await t.db
      .insertInto("appointment_services")
      .values(
        services.map((s, position) => {
          const { id: service_id, name, durationMin: duration_min, priceCents: price_cents } = s;
          return {
            appointment_id: id,
            position,
            service_id,
            name,
            duration_min,
            buffer_min: 10,
            price_cents,
            price_from: s.priceFrom ? 1 : 0,
          };
        }),
      )
      .execute();
    return { id, email, startsAt: b.startsAt.toISOString() };
  }

  /** Moves the appointment as the booking code would (row, then its email and reminder, in one transaction). */
  async function move(a: { id: string }, to: Date, at = new Date()) {
    const startsAt = to.toISOString();
    const endsAt = new Date(to.getTime() + HOUR).toISOString();
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("appointments")
        .set({ starts_at: startsAt, ends_at: endsAt, updated_at: at.toISOString() })
        .where("id", "=", a.id)
        .execute();
      await queueAppointmentEmails(trx, "moved", { id: a.id, startsAt }, at);
    });
  }

  async function cancel(a: { id: string; startsAt: string }, by: string) {
    const at = new Date().toISOString();
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("appointments")
        .set({ status: "cancelled", cancelled_at: at, cancelled_by: by, updated_at: at })
        .where("id", "=", a.id)
        .execute();
      await queueAppointmentEmails(trx, "cancelled", a, new Date(at));
    });
  }

  const queue = (event: AppointmentEvent, a: { id: string; startsAt: string }, now = new Date()) =>
    t.db.transaction().execute((trx) => queueAppointmentEmails(trx, event, a, now));

  /** One worker (or several "instances" at once) runs every due job; the mails sent to `email` by that run. */
  async function runWorkers(email: string, instances = 1) {
    const before = mailer.sent.length;
    const handlers = jobHandlers({ db: t.db, logger, mailer, payments, config: { publicUrl: PUBLIC_URL } });
    const workers = Array.from({ length: instances }, () =>
      createJobWorker({ db: t.db, dbKind: kind, logger, handlers }),
    );
    await Promise.all(workers.map((w) => w.drain()));
    return mailer.sent.slice(before).filter((m) => m.to === email);
  }

  /** Runs the workers with the clock at `at` (Date only: timers and I/O stay real). */
  async function runWorkersAt(at: Date, email: string, instances = 1) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
    try {
      return await runWorkers(email, instances);
    } finally {
      vi.useRealTimers();
    }
  }

  const jobsOf = (id: string) =>
    t.db.selectFrom("jobs").selectAll().where("payload", "like", `%${id}%`).orderBy("created_at").execute();

  /** 11:00 in Madrid, `days` days from today. */
  const daysAhead = (days: number) => new Date(wallToInstant(addDays(madridDate(new Date()), days), 11 * 60));

  it("asks a guest to confirm while her hold lasts, with a link that only confirms this appointment", async () => {
    const holdExpiresAt = new Date(Date.now() + 20 * 60_000);
    const a = await book({ startsAt: daysAhead(5), status: "held", holdExpiresAt });
    await queue("held", a);
    const [mail, ...more] = await runWorkers(a.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe("Confirma tu cita · Alejandra Nails");
    expect(mail.text).toContain("Hola, Lucía:");
    expect(mail.text).toContain(`Te guardamos el hueco hasta las ${formatTime(wallClockOf(holdExpiresAt).minutes)}`);
    expect(mail.text).toContain("Manicura semipermanente (1 h)");
    expect(mail.text).toContain(`Precio: 25,00${NBSP}€, se paga en el salón`);
    expect(mail.attachments).toBeUndefined();
    const token = tokenIn(mail.text, "/reservar/confirmar");
    expect(token).not.toBeNull();
    expect(mail.html).toContain(`${PUBLIC_URL}/reservar/confirmar/${token}`);
    expect(await findAppointmentIdByToken(t.db, token!, "confirm")).toBe(a.id);
    expect(await findAppointmentIdByToken(t.db, token!, "manage")).toBeNull();
    expect(
      await findAppointmentIdByToken(t.db, `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`, "confirm"),
    ).toBeNull();
    expect(await findAppointmentIdByToken(t.db, "no-es-un-token", "confirm")).toBeNull();
    // No reminder for a hold: it comes with the confirmation.
    expect((await jobsOf(a.id)).map((j) => j.kind)).toEqual(["email:appointment-hold"]);
  });

  it("names the services in Catalan for a Catalan booking (emails and .ics), in Spanish for the staff", async () => {
    const a = await book({ startsAt: daysAhead(6), locale: "ca" });
    await queue("confirmed", a);
    const [mail] = await runWorkers(a.email);
    // The seed's Catalan name of the service; the appointment stored the Spanish one when it was booked.
    expect(mail.text).toContain("Manicura semipermanent (1 h)");
    expect(mail.text).not.toContain("semipermanente");
    expect(icsValue(calendarOf(mail).ics, "SUMMARY")).toContain("Manicura semipermanent");
    expect((await getAppointment(t.db, a.id))!.services[0]!.name).toBe("Manicura semipermanente");
    expect((await getAppointment(t.db, a.id, { namesIn: "ca" }))!.services[0]!.name).toBe("Manicura semipermanent");
  });

  it("sends nothing for a hold that has already lapsed", async () => {
    const a = await book({ startsAt: daysAhead(5), status: "held", holdExpiresAt: new Date(Date.now() - 60_000) });
    await queue("held", a);
    expect(await runWorkers(a.email)).toHaveLength(0);
    expect((await jobsOf(a.id))[0].status).toBe("done");
  });

  it.each([
    ["winter", `${NEXT_YEAR}-01-15`, `${NEXT_YEAR}0115T093000Z`, `${NEXT_YEAR}0115T103500Z`],
    ["summer", `${NEXT_YEAR}-07-15`, `${NEXT_YEAR}0715T083000Z`, `${NEXT_YEAR}0715T093500Z`],
  ])(
    "confirms a booking in %s with its calendar file in UTC, the manage and WhatsApp links",
    async (_season, date, dtstart, dtend) => {
      const a = await book({
        startsAt: new Date(wallToInstant(date, 10 * 60 + 30)),
        services: [{ ...SEMI, durationMin: 45 }, NAIL_ART],
      });
      await queue("confirmed", a);
      const [mail, ...more] = await runWorkers(a.email);
      expect(more).toHaveLength(0);
      const day = date.endsWith("01-15") ? "15 de enero" : "15 de julio";
      expect(mail.subject).toMatch(new RegExp(`^Cita confirmada: [^,]+, ${day}, 10:30 · Alejandra Nails$`));
      expect(mail.text).toContain("Manicura semipermanente (45 min) + Nail art (decoración) (20 min)");
      expect(mail.text).toContain("Con: Alejandra Ruiz");
      expect(mail.text).toContain(`Precio: desde 30,00${NBSP}€, se paga en el salón`);
      expect(mail.text).toContain("Dónde: Carrer Major, 48, 08750 Molins de Rei, Barcelona");
      expect(mail.text).toContain("Puedes cambiar o cancelar tu cita desde el enlace hasta 24 horas antes.");
      const token = tokenIn(mail.text, "/cita");
      expect(await findAppointmentIdByToken(t.db, token!, "manage")).toBe(a.id);
      expect(await findAppointmentIdByToken(t.db, token!, "confirm")).toBeNull();
      const wa = /https:\/\/wa\.me\/34655482137\?text=(\S+)/.exec(mail.text)?.[1];
      expect(decodeURIComponent(wa!)).toMatch(
        new RegExp(
          `^¡Hola, Alejandra Nails! Tengo una cita de Manicura semipermanente y Nail art \\(decoración\\) el [^,]+, ${day}, a las 10:30 con Alejandra Ruiz\\.$`,
        ),
      );
      expect(mail.html).toContain("Cómo llegar al salón");

      const cal = calendarOf(mail);
      expect(cal.filename).toBe(`cita-alejandra-nails-${date}.ics`);
      expect(cal.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
      expect(icsValue(cal.ics, "DTSTART")).toBe(dtstart);
      expect(icsValue(cal.ics, "DTEND")).toBe(dtend);
      expect(icsValue(cal.ics, "UID")).toBe(`${a.id}@alejandranails.es`);
      expect(icsValue(cal.ics, "STATUS")).toBe("CONFIRMED");
      expect(icsValue(cal.ics, "SUMMARY")).toBe(
        "Cita en Alejandra Nails: Manicura semipermanente, Nail art (decoración)",
      );
      expect(icsValue(cal.ics, "DESCRIPTION")).toContain(`${PUBLIC_URL}/cita/${token}`);

      // The same file behind the manage link; any other token is a 404.
      const { context } = makeContext(t.db, kind, { config: testConfig({ publicUrl: PUBLIC_URL }) });
      const call = (tok: string) =>
        calendarLoader({
          request: new Request(`${PUBLIC_URL}/cita/${tok}/calendario.ics`),
          params: { token: tok },
          context,
        } as never);
      const res = await call(token!);
      expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="cita-alejandra-nails-${date}.ics"`);
      const served = await res.text();
      expect([icsValue(served, "UID"), icsValue(served, "DTSTART"), icsValue(served, "URL")]).toEqual([
        `${a.id}@alejandranails.es`,
        dtstart,
        `${PUBLIC_URL}/cita/${token}`,
      ]);
      for (const bad of ["x".repeat(43), "corto", tokenIn(mail.text, "/reservar/confirmar") ?? "sin-confirmar"]) {
        await expect(call(bad)).rejects.toMatchObject({ init: { status: 404 } });
      }

      // The reminder waits for 24 h before the start, keyed by appointment and start.
      const reminder = (await jobsOf(a.id)).find((j) => j.kind === "email:appointment-reminder");
      expect(reminder).toMatchObject({
        status: "pending",
        run_after: new Date(Date.parse(a.startsAt) - 24 * HOUR).toISOString(),
        dedupe_key: `appointment-reminder:${a.id}:${a.startsAt}`,
      });
    },
  );

  it("queues no reminder for a booking made less than 24 hours ahead, and states the owner's window", async () => {
    await t.db
      .insertInto("salon_settings")
      .values({
        key: "booking",
        value: JSON.stringify({ rules: { cancelHours: 48 } }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    try {
      const a = await book({ startsAt: new Date(Date.now() + 20 * HOUR) });
      await queue("confirmed", a);
      expect((await jobsOf(a.id)).map((j) => j.kind)).toEqual(["email:appointment-confirmed"]);
      const [mail] = await runWorkers(a.email);
      expect(mail.text).toContain("hasta 48 horas antes");
    } finally {
      await t.db.deleteFrom("salon_settings").where("key", "=", "booking").execute();
    }
  });

  it("tells the client of a move with the same calendar event, a higher sequence and the new time", async () => {
    const confirmedAt = new Date(Date.now() - 10 * 60_000);
    const a = await book({ startsAt: daysAhead(6), now: confirmedAt });
    await queue("confirmed", a, confirmedAt);
    const [first] = await runWorkers(a.email);
    const newStart = new Date(wallToInstant(addDays(madridDate(new Date()), 7), 17 * 60 + 15));
    const movedAt = new Date(confirmedAt.getTime() + 5 * 60_000);
    await move(a, newStart, movedAt);
    const [moved, ...more] = await runWorkers(a.email);
    expect(more).toHaveLength(0);
    expect(moved.subject).toMatch(/^Cita cambiada: .*, 17:15 · Alejandra Nails$/);
    expect(moved.text).toContain("Tu cita ha cambiado. Ahora te esperamos el");
    expect(tokenIn(moved.text, "/cita")).not.toBeNull();
    const before = calendarOf(first).ics;
    const after = calendarOf(moved).ics;
    expect(icsValue(after, "UID")).toBe(icsValue(before, "UID"));
    expect(Number(icsValue(after, "SEQUENCE"))).toBeGreaterThan(Number(icsValue(before, "SEQUENCE")));
    expect(icsValue(after, "DTSTART")).toBe(newStart.toISOString().replace(/[-:]/g, "").replace(".000", ""));
  });

  it.each([
    ["client", "Como nos pediste, hemos cancelado tu cita del"],
    ["staff", "Sentimos mucho tener que cancelar tu cita del"],
  ])("confirms a cancellation by the %s with a calendar file that cancels the event", async (by, says) => {
    const a = await book({ startsAt: daysAhead(4) });
    await cancel(a, by);
    const [mail, ...more] = await runWorkers(a.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toMatch(/^Cita cancelada: .*, 11:00 · Alejandra Nails$/);
    expect(mail.text).toContain(says);
    expect(mail.text).toContain(`Reservar otra cita: ${PUBLIC_URL}/reservar`);
    expect(mail.text).not.toContain(`${PUBLIC_URL}/cita/`);
    const cal = calendarOf(mail);
    expect(cal.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(icsValue(cal.ics, "METHOD")).toBe("CANCEL");
    expect(icsValue(cal.ics, "STATUS")).toBe("CANCELLED");
    expect(icsValue(cal.ics, "UID")).toBe(`${a.id}@alejandranails.es`);
  });

  it("sends the reminder once, 24 hours before, even with two workers running", async () => {
    const a = await book({ startsAt: daysAhead(3) });
    await queue("confirmed", a);
    expect(await runWorkers(a.email)).toHaveLength(1);
    const start = Date.parse(a.startsAt);
    expect(await runWorkersAt(new Date(start - 25 * HOUR), a.email)).toHaveLength(0);
    const sent = await runWorkersAt(new Date(start - 24 * HOUR), a.email, 2);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Recordatorio: tu cita es mañana a las 11:00 · Alejandra Nails");
    expect(sent[0].text).toContain(
      "Te recordamos tu cita de Manicura semipermanente con Alejandra Ruiz, mañana a las 11:00.",
    );
    expect(await findAppointmentIdByToken(t.db, tokenIn(sent[0].text, "/cita")!, "manage")).toBe(a.id);
    // A restart (a new worker) later on sends nothing more.
    expect(await runWorkersAt(new Date(start - 23 * HOUR), a.email, 2)).toHaveLength(0);
    const reminders = (await jobsOf(a.id)).filter((j) => j.kind === "email:appointment-reminder");
    expect(reminders.map((j) => j.status)).toEqual(["done"]);
  });

  it("reminds a moved appointment at its new time only", async () => {
    const bookedAt = new Date(Date.now() - 10 * 60_000);
    const a = await book({ startsAt: daysAhead(3), now: bookedAt });
    await queue("confirmed", a, bookedAt);
    const newStart = daysAhead(4);
    const movedAt = new Date();
    await move(a, newStart, movedAt);
    const now = await runWorkers(a.email);
    expect(now.map((m) => m.subject.split(":")[0]).sort()).toEqual(["Cita cambiada", "Cita confirmada"]);
    expect(await runWorkersAt(new Date(Date.parse(a.startsAt) - 24 * HOUR), a.email)).toHaveLength(0);
    const sent = await runWorkersAt(new Date(newStart.getTime() - 24 * HOUR), a.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain("Recordatorio");
    const reminders = (await jobsOf(a.id)).filter((j) => j.kind === "email:appointment-reminder");
    expect(reminders.map((j) => [j.dedupe_key, j.status])).toEqual([
      [`appointment-reminder:${a.id}:${a.startsAt}`, "done"],
      [`appointment-reminder:${a.id}:${newStart.toISOString()}`, "done"],
    ]);
  });

  it("sends no reminder for a cancelled appointment", async () => {
    const a = await book({ startsAt: daysAhead(3) });
    await queue("confirmed", a);
    await cancel(a, "client");
    const now = await runWorkers(a.email);
    // The confirmation was still queued when she cancelled: only the cancellation goes out.
    expect(now.map((m) => m.subject.split(":")[0])).toEqual(["Cita cancelada"]);
    expect(await runWorkersAt(new Date(Date.parse(a.startsAt) - 24 * HOUR), a.email)).toHaveLength(0);
    const reminder = (await jobsOf(a.id)).find((j) => j.kind === "email:appointment-reminder");
    expect(reminder?.status).toBe("done");
  });
});

/**
 * "Recordatorios de mis cursos" on a real database: the reminder job is written
 * with the enrolment (fulfilment), due three days before the edition at 09:00
 * Madrid, and at run time sent only while it still makes sense.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { saveSettings } from "~/auth/user-settings.server.ts";
import { site } from "~/content/site.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker } from "~/jobs/worker.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { rescheduleEditionReminders } from "~/orders/reminders.server.ts";
import { updateEdition } from "~/catalogue/edition-admin.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { memoryMailer } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";

const logger = createLogger("silent");
const KIND = "email:course-reminder";
const PUBLIC_URL = "http://localhost:3000";

describe.each(dbKinds)("course reminders on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** An edition of "Formación de inicio" starting `startsOn` (a fresh id each time). */
  async function edition(startsOn: string, schedule = "Lunes y miércoles, 10:00–14:00") {
    const id = `rem-${newId().slice(0, 8)}`;
    await t.db
      .insertInto("course_editions")
      .values({
        id,
        course_id: "formacion-inicio",
        starts_on: startsOn,
        ends_on: addDays(startsOn, 4),
        seats: 15,
        seats_taken: 0,
        status: "open",
        schedule,
        updated_at: null,
        cancelled_at: null,
      })
      .execute();
    return id;
  }

  /** A paid one-course order (the fulfilment path a webhook takes), paid at `now`. */
  async function paidOrder(editionId: string | null, now = new Date()) {
    const buyer = await insertBuyer(t.db, { prefix: "rem", firstName: "Lucía", lastName: "Gómez" });
    const ed = editionId
      ? await t.db.selectFrom("course_editions").selectAll().where("id", "=", editionId).executeTakeFirstOrThrow()
      : null;
    const orderId = newId();
    const at = now.toISOString();
    await t.db
      .insertInto("orders")
      .values({
        id: orderId,
        user_id: buyer.id,
        email: buyer.email,
        status: "pending",
        total_cents: 28000,
        currency: "eur",
        payment_method: "card",
        provider: "demo",
        provider_session_id: null,
        withdrawal_waiver_at: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        checkout_key: null,
      })
      .execute();
    await t.db
      .insertInto("order_items")
      .values({
        id: newId(),
        order_id: orderId,
        course_id: "formacion-inicio",
        edition_id: editionId,
        title: "Formación de inicio",
        price_cents: 28000,
        edition_starts_on: ed?.starts_on ?? null,
        edition_ends_on: ed?.ends_on ?? null,
      })
      .execute();
    expect((await fulfilOrder(t.db, { eventId: `test:${orderId}`, type: "test.paid", orderId, now })).outcome).toBe(
      "paid",
    );
    const enrolment = await t.db
      .selectFrom("enrollments")
      .select("id")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return { ...buyer, orderId, enrollmentId: enrolment.id };
  }

  const remindersOf = (enrollmentId: string) =>
    t.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", KIND)
      .where("payload", "like", `%${enrollmentId}%`)
      .execute();

  /** Makes the enrolment's reminders due now and runs the outbox; the reminders sent to `email`. */
  async function runDue(enrollmentId: string, email: string) {
    const ids = (await remindersOf(enrollmentId)).map((j) => j.id);
    await t.db
      .updateTable("jobs")
      .set({ run_after: new Date(Date.now() - 1000).toISOString() })
      .where("id", "in", ids)
      .execute();
    const mailer = memoryMailer();
    const handlers = jobHandlers({
      db: t.db,
      logger,
      mailer,
      payments: createDemoProvider(),
      config: { publicUrl: PUBLIC_URL },
    });
    await createJobWorker({ db: t.db, dbKind: kind, logger, handlers }).drain();
    const jobs = await remindersOf(enrollmentId);
    return { sent: mailer.sent.filter((m) => m.to === email && m.subject.startsWith("Recordatorio")), jobs };
  }

  it("queues one reminder per enrolment, three days before the start at 09:00 in Madrid", async () => {
    const paidAt = new Date("2026-11-23T10:00:00.000Z");
    // Seeded from 2026-11-23: "Formación de inicio" starts on Monday 4 January 2027.
    const buyer = await paidOrder("formacion-inicio-2027-01", paidAt);
    const jobs = await remindersOf(buyer.enrollmentId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      status: "pending",
      run_after: "2027-01-01T08:00:00.000Z",
      dedupe_key: `course-reminder:${buyer.enrollmentId}:2027-01-04`,
    });
    expect(JSON.parse(jobs[0].payload)).toEqual({ enrollmentId: buyer.enrollmentId, startsOn: "2027-01-04" });
    // The same payment event again: nothing new.
    await fulfilOrder(t.db, {
      eventId: `test:${buyer.orderId}`,
      type: "test.paid",
      orderId: buyer.orderId,
      now: paidAt,
    });
    expect(await remindersOf(buyer.enrollmentId)).toHaveLength(1);
  });

  it("queues it at once when the enrolment comes after that moment, and none once the edition started or without one", async () => {
    const late = new Date("2027-01-02T12:00:00.000Z");
    const lateBuyer = await paidOrder(await edition("2027-01-04"), late);
    expect((await remindersOf(lateBuyer.enrollmentId))[0].run_after).toBe(late.toISOString());

    const started = await paidOrder(await edition("2027-01-04"), new Date("2027-01-04T10:00:00.000Z"));
    expect(await remindersOf(started.enrollmentId)).toEqual([]);

    const unscheduled = await paidOrder(null, new Date("2026-11-23T10:00:00.000Z"));
    expect(await remindersOf(unscheduled.enrollmentId)).toEqual([]);
  });

  it("sends the reminder when due: course, dates, schedule, address and calendar link", async () => {
    const startsOn = addDays(todayInMadrid(), 30);
    const buyer = await paidOrder(await edition(startsOn));
    const { sent, jobs } = await runDue(buyer.enrollmentId, buyer.email);
    expect(jobs.map((j) => j.status)).toEqual(["done"]);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.subject).toBe(
      `Recordatorio: «Formación de inicio» empieza el ${formatLongDate(startsOn)} · ${site.name}`,
    );
    expect(mail.text).toContain("Hola, Lucía:");
    expect(mail.text).toContain(`Fechas: Del `);
    expect(mail.text).toContain(formatLongDate(addDays(startsOn, 4)));
    expect(mail.text).toContain("Horario: Lunes y miércoles, 10:00–14:00");
    expect(mail.text).toContain(`Dirección: ${site.address.full}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/api/pedidos/${buyer.orderId}/calendario.ics?curso=formacion-inicio`);
    expect(mail.html).toContain("Añadir a mi calendario");
    expect(`${mail.text}${mail.html}`).not.toMatch(/reseñas|★|valoraci/i);
  });

  it("sends nothing when the buyer turned reminders off", async () => {
    const buyer = await paidOrder(await edition(addDays(todayInMadrid(), 30)));
    await saveSettings(t.db, buyer.id, { courseEmails: false, newsletter: false });
    const { sent, jobs } = await runDue(buyer.enrollmentId, buyer.email);
    expect(sent).toEqual([]);
    expect(jobs.map((j) => j.status)).toEqual(["done"]);
  });

  it("sends nothing once the enrolment has ended", async () => {
    const buyer = await paidOrder(await edition(addDays(todayInMadrid(), 30)));
    await t.db
      .updateTable("enrollments")
      .set({ ended_at: new Date().toISOString(), end_reason: "refunded" })
      .where("id", "=", buyer.enrollmentId)
      .execute();
    const { sent, jobs } = await runDue(buyer.enrollmentId, buyer.email);
    expect(sent).toEqual([]);
    expect(jobs.map((j) => j.status)).toEqual(["done"]);
  });

  it("sends nothing for a cancelled edition", async () => {
    const editionId = await edition(addDays(todayInMadrid(), 30));
    const buyer = await paidOrder(editionId);
    await t.db
      .updateTable("course_editions")
      .set({ status: "cancelled", cancelled_at: new Date().toISOString() })
      .where("id", "=", editionId)
      .execute();
    const { sent, jobs } = await runDue(buyer.enrollmentId, buyer.email);
    expect(sent).toEqual([]);
    expect(jobs.map((j) => j.status)).toEqual(["done"]);
  });

  it("skips the reminder of a moved edition; the one queued for the new date is sent", async () => {
    const editionId = await edition(addDays(todayInMadrid(), 30));
    const buyer = await paidOrder(editionId);
    const newStart = addDays(todayInMadrid(), 44);
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("course_editions")
        .set({ starts_on: newStart, ends_on: addDays(newStart, 4) })
        .where("id", "=", editionId)
        .execute();
      expect(await rescheduleEditionReminders(trx, editionId)).toBe(1);
    });
    const { sent, jobs } = await runDue(buyer.enrollmentId, buyer.email);
    expect(jobs).toHaveLength(2);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain(formatLongDate(newStart));
  });

  it("follows a start date the staff move at /gestion: the student is reminded of the new date only", async () => {
    const editionId = await edition(addDays(todayInMadrid(), 30));
    const buyer = await paidOrder(editionId);
    const newStart = addDays(todayInMadrid(), 51);
    const saved = await updateEdition(t.db, { id: null, email: "staff@example.com" }, "formacion-inicio", editionId, {
      startsOn: newStart,
      endsOn: addDays(newStart, 4),
      schedule: "Martes, 16:00–20:00",
      seats: 15,
    });
    expect(saved.ok).toBe(true);
    const { sent, jobs } = await runDue(buyer.enrollmentId, buyer.email);
    expect(jobs).toHaveLength(2);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain(formatLongDate(newStart));
    expect(sent[0].text).toContain("Martes, 16:00–20:00");
  });
});

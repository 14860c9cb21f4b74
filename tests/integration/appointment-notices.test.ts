/**
 * Item 10 of the designer's walk of the booking, on SQLite and PostgreSQL:
 * the salon is told of a client's new booking (once it is confirmed) and of
 * her cancellation, through the outbox, unless switched off in Gestión ›
 * Avisos, at the address the owner set there (audited, validated) or else the
 * configuration's; a client's cancellation is asked once before anything
 * changes; the booking calendar tells a closed day and a day off from a full one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { cancelAppointment } from "~/bookings/appointment-changes.server.ts";
import { createAppointmentLink } from "~/bookings/appointment-links.server.ts";
import { startDepositCheckout } from "~/bookings/deposits.server.ts";
import { bookAppointment, confirmHeld, type BookRequest } from "~/bookings/appointments.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { isoWeekday, wallToInstant } from "~/domain/salon-time.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { processPaymentEvent } from "~/payments/checkout.server.ts";
import { createDemoProvider, demoSessionId } from "~/payments/demo.server.ts";
import { action as citaAction, loader as citaLoader } from "~/routes/cita.tsx";
import StaffNotices, { action as avisosAction, loader as avisosLoader } from "~/routes/gestion.avisos.tsx";
import { bookingPageLoader } from "~/routes/reservar.server.ts";
import { getNotifyAddress, saveNotifySettings, type NotifySettings } from "~/salon/settings.server.ts";
import { formRequest, makeContext, memoryMailer, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent } from "../helpers/payments.ts";
import { demoSeatDeps } from "../helpers/seats.ts";
import { bodyOf, statusOf } from "../helpers/staff.ts";

const PUBLIC_URL = "http://localhost:3998";
const CONFIG_ADDRESS = "config@example.com";
const STAFF: AuthUser = {
  id: "staff-1",
  email: "duena@example.com",
  displayName: "Dueña",
  firstName: "Dueña",
  lastName: "",
  phone: "",
  emailVerified: true,
  role: "owner",
  secondFactor: true,
};
const ALL_ON: NotifySettings = { sale: true, withdrawal: true, refund: true, booking: true, cancellation: true };
const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 365 };

/** The Monday at least two weeks ahead: inside the default 60-day horizon, outside the 24 h window. */
const MONDAY = (() => {
  let d = addDays(madridDate(new Date()), 14);
  while (isoWeekday(d) !== 1) d = addDays(d, 1);
  return d;
})();

type Args<F extends (...a: never[]) => unknown> = Parameters<F>[0];

describe.each(dbKinds)("appointment notices and the booking pages on %s", (kind) => {
  let t: TestDb;
  let jobs: JobWorker;
  const mailer = memoryMailer();
  const config = testConfig({ salonNotifyEmail: CONFIG_ADDRESS });
  let n = 0;

  const salonJobs = async () =>
    (
      await t.db
        .selectFrom("jobs")
        .select("kind")
        .where("kind", "in", ["email:salon-booking", "email:salon-cancellation"])
        .orderBy("kind")
        .execute()
    ).map((j) => j.kind);

  function ctx(user?: AuthUser) {
    const { context } = makeContext(t.db, kind, { ip: "198.51.100.10", config });
    if (user) context.set(userContext, user);
    return context;
  }

  /** An online booking with Laura from MONDAY on (a time of its own) for a fresh client. */
  async function book(over: Partial<BookRequest> = {}) {
    n += 1;
    const r = await bookAppointment(t.db, {
      serviceIds: ["semipermanente"],
      professionalId: "laura",
      // Four a morning, a week apart (Laura works 09:00–14:00).
      at: wallToInstant(addDays(MONDAY, 7 * Math.floor(n / 4)), 540 + 75 * (n % 4)),
      client: {
        userId: null,
        name: `Clienta ${n}`,
        email: `aviso${n}@example.com`,
        phone: `+34613${String(n).padStart(6, "0")}`,
      },
      comment: "Uñas cortas, por favor",
      source: "online",
      hold: false,
      now: new Date(),
      rules,
      ...over,
    });
    if (!r.ok) throw new Error(`not booked: ${r.reason}`);
    return r;
  }

  beforeAll(async () => {
    t = await createTestDb(kind);
    const logger = createLogger("silent");
    const handlers = jobHandlers({
      db: t.db,
      logger,
      mailer,
      payments: createDemoProvider(),
      config: { publicUrl: PUBLIC_URL, salonNotifyEmail: CONFIG_ADDRESS },
    });
    jobs = createJobWorker({ db: t.db, dbKind: kind, logger, handlers });
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    await jobs.drain();
    await t.db.deleteFrom("jobs").execute();
    await t.db.deleteFrom("salon_settings").execute();
    await t.db.deleteFrom("audit_log").execute();
    mailer.sent.length = 0;
  });

  it("tells the salon of a client's booking once it is confirmed, never of a hold or of the staff's own", async () => {
    const confirmed = await book();
    expect(await salonJobs()).toEqual(["email:salon-booking"]);
    await jobs.drain();
    const [notice] = mailer.sent.filter((m) => m.to === CONFIG_ADDRESS);
    expect(notice?.subject).toMatch(/^Cita nueva: Clienta \d+ · lunes, /);
    expect(notice?.text).toContain("ha reservado en la web Manicura semipermanente");
    expect(notice?.text).toContain("Con: Laura");
    expect(notice?.text).toContain(`<aviso${n}@example.com>`);
    expect(notice?.text).toContain("Comentario: Uñas cortas, por favor");
    expect(notice?.text).toContain(`${PUBLIC_URL}/gestion/agenda/${confirmed.appointmentId}`);

    await t.db.deleteFrom("jobs").execute();
    // A guest's hold: nothing until she confirms it by her link, then one notice.
    const held = await book({ hold: true });
    expect(await salonJobs()).toEqual([]);
    expect(await confirmHeld(t.db, held.appointmentId, new Date())).toMatchObject({ ok: true, already: false });
    expect(await confirmHeld(t.db, held.appointmentId, new Date())).toMatchObject({ ok: true, already: true });
    expect(await salonJobs()).toEqual(["email:salon-booking"]);

    await t.db.deleteFrom("jobs").execute();
    await book({ source: "staff", actor: { id: STAFF.id, email: STAFF.email } });
    expect(await salonJobs()).toEqual([]);
  });

  it("tells the salon of a booking with a señal once it is paid, with what was charged and what is left", async () => {
    const booked = await book({
      serviceIds: ["acrilico"],
      at: wallToInstant(addDays(MONDAY, 1), 600),
      hold: true,
      deposit: { provider: "demo" },
    });
    expect(booked.depositOrderId).toBeTruthy();
    expect(await salonJobs()).toEqual([]);
    const pay = demoSeatDeps(t.db, kind);
    await startDepositCheckout(pay.deps, booked.appointmentId);
    const orderId = booked.depositOrderId!;
    expect(await processPaymentEvent(pay.deps, demoPaidEvent({ orderId, sessionId: demoSessionId(orderId) }))).toBe(
      "paid",
    );
    expect(await salonJobs()).toEqual(["email:salon-booking"]);
    await jobs.drain();
    const [notice] = mailer.sent.filter((m) => m.to === CONFIG_ADDRESS);
    expect(notice?.text).toContain(
      "Precio: desde 45,00\u00a0€: señal de 15,00\u00a0€ al reservar y el resto (desde 30,00\u00a0€) en el salón",
    );
    expect(notice?.text).toContain("Señal: 15,00\u00a0€, pagada en la web");
    // Her own confirmation says the same, no longer "se paga en el salón" for the whole price.
    const [hers] = mailer.sent.filter((m) => m.to === `aviso${n}@example.com`);
    expect(hers?.text).toContain("señal de 15,00\u00a0€ al reservar");
  });

  it("tells the salon of a client's cancellation, not of the staff's", async () => {
    const mine = await book();
    const theirs = await book();
    await t.db.deleteFrom("jobs").execute();
    expect(await cancelAppointment(t.db, mine.appointmentId, { by: "client", now: new Date(), rules })).toMatchObject({
      ok: true,
    });
    await cancelAppointment(t.db, theirs.appointmentId, { by: "staff", now: new Date(), rules });
    expect(await salonJobs()).toEqual(["email:salon-cancellation"]);
    await jobs.drain();
    const [notice] = mailer.sent.filter((m) => m.to === CONFIG_ADDRESS);
    expect(notice?.subject).toMatch(/^Cita anulada: Clienta \d+ · lunes, /);
    expect(notice?.text).toContain("esa hora vuelve a estar libre");
  });

  it("queues nothing for a kind switched off in Avisos", async () => {
    await saveNotifySettings(t.db, STAFF, { ...ALL_ON, booking: false, cancellation: false });
    const booked = await book();
    await cancelAppointment(t.db, booked.appointmentId, { by: "client", now: new Date(), rules });
    expect(await salonJobs()).toEqual([]);
    // The client's own emails still go.
    await jobs.drain();
    expect(mailer.sent.filter((m) => m.to === `aviso${n}@example.com`).length).toBeGreaterThan(0);
    expect(mailer.sent.filter((m) => m.to === CONFIG_ADDRESS)).toEqual([]);
  });

  describe("the owner's notification address", () => {
    const post = (fields: Record<string, string>) =>
      avisosAction({
        request: formRequest(`${PUBLIC_URL}/gestion/avisos`, fields),
        context: ctx(STAFF),
        params: {},
      } as unknown as Args<typeof avisosAction>);
    const load = () =>
      avisosLoader({
        request: new Request(`${PUBLIC_URL}/gestion/avisos?guardado=direccion`),
        context: ctx(STAFF),
        params: {},
      } as unknown as Args<typeof avisosLoader>);

    it("refuses what is not one address, in Spanish, saving and auditing nothing", async () => {
      for (const bad of ["no-es-un-correo", "Ana <ana@salon.es>", "a@salon.es, b@salon.es"]) {
        const r = await post({ intent: "address", direccion: bad });
        expect(statusOf(r), bad).toBe(400);
        expect(bodyOf(r).errors.address).toBe("Escribe una dirección de correo válida, por ejemplo salon@ejemplo.com.");
      }
      expect(await getNotifyAddress(t.db)).toBeUndefined();
      expect(await t.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
    });

    it("lets only the owner change it", async () => {
      const staff = { ...STAFF, id: "staff-2", email: "equipo@example.com", role: "staff" } as AuthUser;
      const thrown = await Promise.resolve(
        avisosAction({
          request: formRequest(`${PUBLIC_URL}/gestion/avisos`, { intent: "address", direccion: "otra@example.com" }),
          context: ctx(staff),
          params: {},
        } as unknown as Args<typeof avisosAction>),
      ).catch((e: unknown) => e);
      expect(statusOf(thrown)).toBe(403);
      expect(await getNotifyAddress(t.db)).toBeUndefined();
      const page = await avisosLoader({
        request: new Request(`${PUBLIC_URL}/gestion/avisos`),
        context: ctx(staff),
        params: {},
      } as unknown as Args<typeof avisosLoader>);
      expect(page.mayChangeAddress).toBe(false);
    });

    it("saves it audited, sends the notices there, and goes back to the configuration's when emptied", async () => {
      expect(await load()).toMatchObject({ address: CONFIG_ADDRESS, defaultAddress: CONFIG_ADDRESS, custom: false });
      const r = (await post({ intent: "address", direccion: "  Recepcion@Salon.example " })) as Response;
      expect(r.status).toBe(302);
      expect(r.headers.get("Location")).toBe("/gestion/avisos?guardado=direccion");
      expect(await load()).toMatchObject({ address: "recepcion@salon.example", custom: true, addressSaved: true });
      // The same again: no change, no entry.
      await post({ intent: "address", direccion: "recepcion@salon.example" });
      const audit = await t.db.selectFrom("audit_log").selectAll().execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_email: STAFF.email,
        action: "salon-settings.update",
        entity_type: "salon_settings",
        entity_id: "notify.address",
      });
      expect(JSON.parse(audit[0]!.before_json!)).toEqual({ "notify.address": null });
      expect(JSON.parse(audit[0]!.after_json!)).toEqual({ "notify.address": "recepcion@salon.example" });

      await book();
      await jobs.drain();
      expect(mailer.sent.filter((m) => m.subject.startsWith("Cita nueva")).map((m) => m.to)).toEqual([
        "recepcion@salon.example",
      ]);

      // The owner's page: the form, labelled, with the default named in its hint.
      const { renderToString } = await import("react-dom/server");
      const { createElement } = await import("react");
      const { createRoutesStub } = await import("react-router");
      const loaded = await load();
      const Stub = createRoutesStub([
        { path: "/gestion/avisos", Component: () => createElement(StaffNotices, { loaderData: loaded } as never) },
      ]);
      const html = renderToString(createElement(Stub, { initialEntries: ["/gestion/avisos"] }));
      expect(html).toContain("Dirección guardada.");
      expect(html).toMatch(/<label for="aviso-direccion">Dirección que recibe los avisos/);
      const input = /<input id="aviso-direccion"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain('type="email"');
      expect(input).toContain('value="recepcion@salon.example"');
      expect(input).toContain('aria-describedby="aviso-direccion-hint"');
      expect(html).toContain(`los avisos van a ${CONFIG_ADDRESS}`);
      expect(html).toContain('<label for="aviso-booking">Citas nuevas</label>');

      await post({ intent: "address", direccion: "" });
      expect(await load()).toMatchObject({ address: CONFIG_ADDRESS, custom: false });
      expect(await t.db.selectFrom("audit_log").selectAll().execute()).toHaveLength(2);
      // The switches' form is untouched by the address form.
      expect((await load()).settings).toEqual(ALL_ON);
    });
  });

  describe("cancelling from the emailed link", () => {
    const url = (token: string, search = "") => `${PUBLIC_URL}/cita/${token}${search}`;
    const status = async (id: string) =>
      (await t.db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

    it("asks once (?anular=1), cancels only on the confirming post, and says so", async () => {
      const booked = await book();
      const token = await createAppointmentLink(t.db, booked.appointmentId, "manage", new Date());
      const plain = await citaLoader({
        request: new Request(url(token)),
        params: { token },
        context: ctx(),
      } as unknown as Args<typeof citaLoader>);
      expect(plain.page.confirmCancel).toBe(false);
      const asking = await citaLoader({
        request: new Request(url(token, "?anular=1")),
        params: { token },
        context: ctx(),
      } as unknown as Args<typeof citaLoader>);
      expect(asking.page).toMatchObject({ mayChange: true, confirmCancel: true });

      // A cancellation posted without the confirmation changes nothing and asks.
      const unconfirmed = await citaAction({
        request: formRequest(url(token), { intent: "cancel" }),
        params: { token },
        context: ctx(),
      } as unknown as Args<typeof citaAction>);
      expect(statusOf(unconfirmed)).toBe(200);
      expect(bodyOf(unconfirmed)).toMatchObject({ ok: false, confirmCancel: true });
      expect(await status(booked.appointmentId)).toBe("confirmed");
      await t.db.deleteFrom("jobs").execute();

      const confirmed = await citaAction({
        request: formRequest(url(token), { intent: "cancel", confirmar: "1" }),
        params: { token },
        context: ctx(),
      } as unknown as Args<typeof citaAction>);
      expect(statusOf(confirmed)).toBe(200);
      expect(bodyOf(confirmed)).toEqual({
        ok: true,
        message: "Tu cita está anulada. Te hemos enviado un correo de confirmación.",
      });
      expect(await status(booked.appointmentId)).toBe("cancelled");
      expect(await salonJobs()).toEqual(["email:salon-cancellation"]);

      // Cancelled: the question is not asked again.
      const after = await citaLoader({
        request: new Request(url(token, "?anular=1")),
        params: { token },
        context: ctx(),
      } as unknown as Args<typeof citaLoader>);
      expect(after.page).toMatchObject({ mayChange: false, confirmCancel: false });
    });
  });

  it("tells a closed day and a professional's day off from a full one in the calendar", async () => {
    const from = addDays(MONDAY, 21);
    const page = await bookingPageLoader(
      new Request(`${PUBLIC_URL}/reservar?servicio=semipermanente&profesional=laura&desde=${from}`),
      ctx(),
    );
    expect(page.step).toBe("time");
    const byDate = new Map(page.days.map((d) => [d.date, d]));
    // Laura works Monday to Friday; the salon opens on Saturday, not on Sunday.
    expect(byDate.get(from)).toMatchObject({ state: "free", first: 540 });
    expect(byDate.get(addDays(from, 5))).toMatchObject({ state: "off", count: 0, first: null });
    expect(byDate.get(addDays(from, 6))).toMatchObject({ state: "closed", count: 0 });

    // Laura away all Tuesday: a day off. A whole-salon closure on Wednesday: closed, for anyone.
    const tuesday = addDays(from, 1);
    const wednesday = addDays(from, 2);
    const iso = (date: string, minutes: number) => new Date(wallToInstant(date, minutes)).toISOString();
    const now = new Date().toISOString();
    await t.db
      .insertInto("time_off")
      .values([
        {
          id: `off-${kind}-1`,
          professional_id: "laura",
          starts_at: iso(tuesday, 0),
          ends_at: iso(addDays(tuesday, 1), 0),
          reason: "Vacaciones",
          created_at: now,
          created_by: null,
        },
        {
          id: `off-${kind}-2`,
          professional_id: null,
          starts_at: iso(wednesday, 0),
          ends_at: iso(addDays(wednesday, 1), 0),
          reason: "Cerrado por obras",
          created_at: now,
          created_by: null,
        },
      ])
      .execute();
    const again = await bookingPageLoader(
      new Request(`${PUBLIC_URL}/reservar?servicio=semipermanente&profesional=laura&desde=${from}`),
      ctx(),
    );
    const states = new Map(again.days.map((d) => [d.date, d.state]));
    expect(states.get(tuesday)).toBe("off");
    expect(states.get(wednesday)).toBe("closed");
    const anyone = await bookingPageLoader(
      new Request(`${PUBLIC_URL}/reservar?servicio=semipermanente&profesional=any&desde=${from}`),
      ctx(),
    );
    const anyStates = new Map(anyone.days.map((d) => [d.date, d.state]));
    expect(anyStates.get(tuesday)).toBe("free");
    expect(anyStates.get(wednesday)).toBe("closed");
    expect(anyStates.get(addDays(from, 5))).toBe("free");
  });
});

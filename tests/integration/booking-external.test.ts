/**
 * Issue 31, item 5: with "Página externa" (Gestión → Reservas, mode
 * `external`) the site's own booking is switched off, on SQLite and
 * PostgreSQL: /reservar and its steps, a guest's confirmation page and the
 * deposit page point to the external page; every booking POST answers 409
 * with a Spanish message and writes nothing; an existing appointment can
 * still be seen and cancelled from its emailed link; the cancellation email's
 * "Reservar otra cita" and the assistant's booking answers lead to the
 * external page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { cancelAppointment } from "~/bookings/appointment-changes.server.ts";
import { appointmentEmailTemplates } from "~/bookings/appointment-emails.server.ts";
import { createAppointmentLink } from "~/bookings/appointment-links.server.ts";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { composeAnswer } from "~/chat/answers.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking-settings-form.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { action as citaAction, loader as citaLoader } from "~/routes/cita.tsx";
import { action as confirmAction, loader as confirmLoader } from "~/routes/reservar.confirmar.tsx";
import { action as pendingAction, loader as pendingLoader } from "~/routes/reservar.pendiente.tsx";
import { bookingAction, bookingPageLoader } from "~/routes/reservar.server.ts";
import type { AppServices } from "~/services.server.ts";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { bodyOf, statusOf } from "../helpers/staff.ts";

const EXTERNAL = "https://reservas.example.com/alejandra";
const OWNER = { id: null, email: "propietaria@example.com" };
const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 365 };
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** A Monday in March of next year, with Laura working. */
const DAY = (() => {
  const d = new Date(Date.UTC(NEXT_YEAR, 2, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();

type Args<F extends (...a: never[]) => unknown> = Parameters<F>[0];

/** What a loader or action answered: a thrown Response or data() counts as its answer. */
async function answer(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const statusOfAnswer = (r: unknown) => (r instanceof Response ? r.status : statusOf(r));

describe.each(dbKinds)("the external booking page switches the site's booking off, on %s", (kind) => {
  let t: TestDb;
  const payments = createDemoProvider();
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const setMode = (mode: "site" | "external") =>
    saveBookingSettings(t.db, OWNER, { ...DEFAULT_BOOKING_SETTINGS, mode, externalUrl: EXTERNAL, rules });

  function ctx(ip = "198.51.100.77") {
    const made = makeContext(t.db, kind, { ip });
    Object.assign(made.services, { payments } satisfies Partial<AppServices>);
    return made.context;
  }

  const counts = async () => {
    const n = async (table: "appointments" | "jobs" | "rate_limits" | "orders") =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      appointments: await n("appointments"),
      jobs: await n("jobs"),
      rateLimits: await n("rate_limits"),
      orders: await n("orders"),
    };
  };

  let day = 0;
  /** An online appointment with Laura (a day of its own, Monday to Thursday), made while the site still booked. */
  async function existing(more: { hold?: boolean; deposit?: boolean } = {}) {
    const at = wallToInstant(addDays(DAY, day++), 540);
    const r = await bookAppointment(t.db, {
      serviceIds: [more.deposit ? "acrilico" : "semipermanente"],
      professionalId: "laura",
      at,
      client: { userId: null, name: "Clienta Antigua", email: `antigua${day}@example.com`, phone: "+34611222333" },
      comment: "",
      source: "online",
      hold: more.hold ?? false,
      now: new Date(),
      rules,
      deposit: more.deposit ? { provider: "demo" } : undefined,
    });
    if (!r.ok) throw new Error(`not booked: ${r.reason}`);
    return r;
  }

  beforeEach(async () => {
    await setMode("site");
  });

  it("shows every step of /reservar as a pointer to the external page", async () => {
    await setMode("external");
    for (const href of [
      "/reservar",
      "/reservar?servicio=semipermanente",
      bookingStepHref({ serviceIds: ["semipermanente"], professional: "any", day: DAY, time: 600 }),
    ]) {
      const page = await bookingPageLoader(new Request(`http://localhost${href}`), ctx());
      expect(page.external, href).toBe(EXTERNAL);
      expect(page.menu, href).toEqual([]);
      expect(page.times, href).toEqual([]);
    }
    await setMode("site");
    expect((await bookingPageLoader(new Request("http://localhost/reservar"), ctx())).external).toBeNull();
  });

  it("refuses a booking POST with 409 and writes nothing, for a guest and a signed-in client", async () => {
    await setMode("external");
    const href = bookingStepHref({ serviceIds: ["semipermanente"], professional: "laura", day: DAY, time: 960 });
    const user = await makeUser(t.db, `externa.${kind}@example.com`);
    await t.db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    const cookie = `an_session=${await insertSession(t.db, user.id)}`;
    const before = await counts();
    for (const [fields, c] of [
      [
        { nombre: "Invitada Externa", email: "invitada.externa@example.com", telefono: "612 999 888", acepto: "on" },
        undefined,
      ],
      [{ telefono: "612 999 887" }, cookie],
    ] as const) {
      const r = await answer(() => bookingAction(formRequest(`http://localhost${href}`, fields, c), ctx()));
      expect(statusOfAnswer(r)).toBe(409);
      expect(bodyOf(r).form).toMatch(/página de reservas/);
      expect(bodyOf(r).external).toBe(EXTERNAL);
    }
    expect(await counts()).toEqual(before);
  });

  it("points a guest's confirmation link to the external page and does not confirm", async () => {
    const held = await existing({ hold: true });
    const token = await createAppointmentLink(t.db, held.appointmentId, "confirm", new Date());
    await setMode("external");
    const args = { params: { token }, context: ctx() };
    const page = (await confirmLoader({
      ...args,
      request: new Request(`http://localhost/reservar/confirmar/${token}`),
    } as unknown as Args<typeof confirmLoader>)) as { external: string | null };
    expect(page.external).toBe(EXTERNAL);
    const before = await counts();
    const r = await answer(() =>
      confirmAction({
        ...args,
        request: formRequest(`http://localhost/reservar/confirmar/${token}`, {}),
      } as unknown as Args<typeof confirmAction>),
    );
    expect(statusOfAnswer(r)).toBe(409);
    expect(bodyOf(r).message).toMatch(/página de reservas/);
    expect(await counts()).toEqual(before);
    const row = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", held.appointmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("held");
  });

  it("opens no deposit payment page for a new booking", async () => {
    const held = await existing({ deposit: true });
    expect(held.depositOrderId).toBeTruthy();
    await setMode("external");
    const url = `http://localhost/reservar/pendiente?cita=${held.appointmentId}`;
    const page = (await pendingLoader({
      request: new Request(url),
      params: {},
      context: ctx(),
    } as unknown as Args<typeof pendingLoader>)) as { external: string | null; held: boolean };
    expect(page.external).toBe(EXTERNAL);
    const r = await answer(() =>
      pendingAction({ request: formRequest(url, {}), params: {}, context: ctx() } as unknown as Args<
        typeof pendingAction
      >),
    );
    expect(statusOfAnswer(r)).toBe(409);
    expect(bodyOf(r).error).toMatch(/página de reservas/);
    const order = await t.db
      .selectFrom("orders")
      .select("provider_session_id")
      .where("id", "=", held.depositOrderId!)
      .executeTakeFirstOrThrow();
    expect(order.provider_session_id).toBeNull();
  });

  it("still lets a client see and cancel an existing appointment from her link", async () => {
    const booked = await existing();
    const token = await createAppointmentLink(t.db, booked.appointmentId, "manage", new Date());
    await setMode("external");
    const page = (await citaLoader({
      request: new Request(`http://localhost/cita/${token}`),
      params: { token },
      context: ctx(),
    } as unknown as Args<typeof citaLoader>)) as { page: { mayChange: boolean } };
    expect(page.page.mayChange).toBe(true);
    const r = await citaAction({
      // The confirmation step's post (a cancellation is asked once: manage-page.server.ts).
      request: formRequest(`http://localhost/cita/${token}`, { intent: "cancel", confirmar: "1" }),
      params: { token },
      context: ctx(),
    } as unknown as Args<typeof citaAction>);
    expect(statusOf(r)).toBe(200);
    const row = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", booked.appointmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
  });

  it("sends the cancellation email's «Reservar otra cita» to the external page", async () => {
    const booked = await existing();
    const now = new Date();
    await cancelAppointment(t.db, booked.appointmentId, { by: "client", now, rules });
    const row = await t.db
      .selectFrom("appointments")
      .select("starts_at")
      .where("id", "=", booked.appointmentId)
      .executeTakeFirstOrThrow();
    const render = (publicUrl: string) =>
      appointmentEmailTemplates["appointment-cancelled"]!.render(
        { db: t.db, publicUrl, logger: createLogger("silent"), now },
        { appointmentId: booked.appointmentId, startsAt: row.starts_at },
      );
    const onSite = await render("https://salon.example");
    expect(onSite?.html).toContain('href="https://salon.example/reservar"');
    await setMode("external");
    const external = await render("https://salon.example");
    expect(external?.html).toContain(`href="${EXTERNAL}"`);
    expect(external?.html).not.toContain("/reservar");
    expect(external?.text).toContain(EXTERNAL);
  });

  it("leads the assistant's booking answers to the external page", async () => {
    await setMode("external");
    for (const [intent, text] of [
      ["booking", "quiero reservar una manicura"],
      ["booking.availability", "¿tenéis hueco el viernes para semipermanente?"],
      ["salon.services", "¿qué servicios tenéis?"],
    ] as const) {
      const reply = await composeAnswer(t.db, { intent, text, courseIds: [] } as unknown as Parameters<
        typeof composeAnswer
      >[1]);
      expect(reply, intent).not.toMatch(/\]\(\/reservar/);
    }
  });
});

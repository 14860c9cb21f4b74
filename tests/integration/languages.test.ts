/**
 * Issue 34, item 3 (the data side), on SQLite and PostgreSQL: an account, an
 * order, a booking (and its deposit) and a waiting-list entry keep the
 * language of the page they were made on (Catalan under /ca/), through the
 * same actions and API the site uses (the emails' templates read it back);
 * the checkout API takes an optional
 * "locale" ("es" or "ca", else a 400) and otherwise the buyer's account
 * language; the buyer changes her language in /perfil/ajustes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setUserLocale } from "~/auth/accounts.server.ts";
import { insertSession } from "~/auth/session.server.ts";
import { provideUser } from "~/auth/user-context.server.ts";
import { saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking-settings-form.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { createCheckoutFromRequest } from "~/payments/api.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { loadSettingsSection, settingsAction } from "~/routes/perfil.ajustes.server.ts";
import { registerAction } from "~/routes/registro.server.ts";
import { bookingAction } from "~/routes/reservar.server.ts";
import type { AppServices } from "~/services.server.ts";
import { waitlistJoinAction } from "~/waitlist/join.server.ts";
import { entryForEmail } from "~/waitlist/waitlist.server.ts";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { demoSeatDeps, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";

/** What an action answered: its Response (returned or thrown), or data() with its init. */
async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (a: unknown): number =>
  a instanceof Response ? a.status : ((a as { init?: { status?: number } }).init?.status ?? 200);

describe.each(dbKinds)("the language of accounts, orders and bookings on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  beforeAll(async () => {
    t = await createTestDb(kind);
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const localeOfUserByEmail = async (email: string) =>
    (await t.db.selectFrom("users").select("locale").where("email", "=", email).executeTakeFirst())?.locale;

  it("an account registered on the Catalan page is Catalan; on the Spanish page, Spanish", async () => {
    const fields = (email: string) => ({
      firstName: "Núria",
      lastName: "Puig",
      email,
      phone: "",
      password: "esmalt-rosa",
      confirmPassword: "esmalt-rosa",
    });
    const { context } = makeContext(t.db, kind, { ip: "198.51.100.61" });
    const ca = (await registerAction(
      formRequest("http://localhost/ca/registre", fields(`nuria.${kind}@example.com`)),
      context,
    )) as Response;
    expect(ca.status).toBe(302);
    expect(await localeOfUserByEmail(`nuria.${kind}@example.com`)).toBe("ca");

    const es = (await registerAction(
      formRequest("http://localhost/registro", fields(`lucia.${kind}@example.com`)),
      context,
    )) as Response;
    expect(es.status).toBe(302);
    expect(await localeOfUserByEmail(`lucia.${kind}@example.com`)).toBe("es");
  });

  describe("the checkout API", () => {
    const course = () => insertCourseWithEditions(t.db, [{ startsOn: addDays(todayInMadrid(), 45), seats: 5 }]);
    const api = (user: { id: string; email: string }, body: unknown) =>
      createCheckoutFromRequest(
        f.deps,
        new Request("http://localhost:3000/api/create-checkout-session", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        user,
      );
    const orderLocale = async (orderId: string) =>
      (await t.db.selectFrom("orders").select("locale").where("id", "=", orderId).executeTakeFirstOrThrow()).locale;

    it('stores the order in the "locale" it is sent with', async () => {
      const user = await insertBuyer(t.db, { prefix: "idioma-ca", firstName: "Núria", lastName: "Puig" });
      const res = await api(user, { courseId: (await course()).courseId, locale: "ca" });
      expect(res.status).toBe(200);
      const { orderId } = (await res.json()) as { orderId: string };
      expect(await orderLocale(orderId)).toBe("ca");
    });

    it("refuses any other locale with a clear 400, and makes no order", async () => {
      const user = await insertBuyer(t.db, { prefix: "idioma-fr", firstName: "Anne", lastName: "Roy" });
      const { courseId } = await course();
      for (const locale of ["fr", "CA", "", 1, null]) {
        const res = await api(user, { courseId, locale });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: "Idioma no válido: usa es o ca" });
      }
      expect(await t.db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    });

    it("without a locale, takes the buyer's account language", async () => {
      const catalan = await insertBuyer(t.db, { prefix: "compte-ca", firstName: "Pau", lastName: "Vidal" });
      await setUserLocale(t.db, catalan.id, "ca");
      const spanish = await insertBuyer(t.db, { prefix: "cuenta-es", firstName: "Eva", lastName: "Ruiz" });
      for (const [user, expected] of [
        [catalan, "ca"],
        [spanish, "es"],
      ] as const) {
        const res = await api(user, { courseId: (await course()).courseId });
        expect(res.status).toBe(200);
        expect(await orderLocale(((await res.json()) as { orderId: string }).orderId)).toBe(expected);
      }
    });
  });

  describe("a booking", () => {
    // Tuesday 24 November 2026, 09:00 in Madrid; Laura works Monday 11 January 2027.
    const NOW = new Date("2026-11-24T08:00:00Z");
    beforeAll(async () => {
      await saveBookingSettings(
        t.db,
        { id: null, email: "propietaria@example.com" },
        { ...DEFAULT_BOOKING_SETTINGS, rules: { ...DEFAULT_BOOKING_RULES, horizonDays: 200 } },
      );
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    async function book(prefix: string, time: number, email: string, service = "semipermanente", day = "2027-01-11") {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(NOW);
      const { context, services } = makeContext(t.db, kind, { ip: `198.51.100.${time % 200}` });
      Object.assign(services, { payments: createDemoProvider() } satisfies Partial<AppServices>);
      const href = bookingStepHref({
        serviceIds: [service],
        professional: "laura",
        day,
        time,
      }).replace(/^\/reservar/u, prefix);
      const fields = { nombre: "Núria Puig", email, telefono: `+3462200${time}`, acepto: "on" };
      return answer(() => bookingAction(formRequest(`http://localhost${href}`, fields, undefined), context));
    }
    const bookedBy = (email: string) =>
      t.db
        .selectFrom("appointments")
        .leftJoin("orders", "orders.appointment_id", "appointments.id")
        .select(["appointments.locale as locale", "orders.locale as depositLocale"])
        .where("appointments.client_email", "=", email)
        .execute();

    it("made on the Catalan booking page is Catalan; on the Spanish one, Spanish", async () => {
      const ca = `reserva.ca.${kind}@example.com`;
      expect(statusOf(await book("/ca/reserva", 540, ca))).toBe(302);
      expect(await bookedBy(ca)).toEqual([{ locale: "ca", depositLocale: null }]);

      const es = `reserva.es.${kind}@example.com`;
      expect(statusOf(await book("/reservar", 615, es))).toBe(302);
      expect(await bookedBy(es)).toEqual([{ locale: "es", depositLocale: null }]);
    });

    it("a service with a deposit booked in Catalan: its deposit order is Catalan too", async () => {
      const ca = `senyal.ca.${kind}@example.com`;
      expect(statusOf(await book("/ca/reserva", 540, ca, "acrilico", "2027-01-12"))).toBe(302);
      expect(await bookedBy(ca)).toEqual([{ locale: "ca", depositLocale: "ca" }]);
    });
  });

  it("a waiting-list entry made on the Catalan course page is Catalan, and its emails' row says so", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-06-01", seats: 1 }]);
    const full = editionIds[0]!;
    await t.db.updateTable("course_editions").set({ seats_taken: 1 }).where("id", "=", full).execute();
    const join = async (path: string, email: string) => {
      const { context } = makeContext(t.db, kind, { ip: `203.0.113.${email.length}` });
      const fields = { edition: full, email, consent: "on" };
      expect(
        statusOf(await waitlistJoinAction(formRequest(`http://localhost${path}`, fields), context, courseId)),
      ).toBe(200);
      const entry = await t.db
        .selectFrom("waitlist_entries")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return (await entryForEmail(t.db, entry.id))?.locale;
    };
    expect(await join(`/ca/formacions/${courseId}`, `llista.${kind}@example.com`)).toBe("ca");
    expect(await join(`/formaciones/${courseId}`, `lista.espera.${kind}@example.com`)).toBe("es");
  });

  describe("/perfil/ajustes", () => {
    async function signedIn(email: string) {
      const user = await makeUser(t.db, email);
      const cookie = `an_session=${await insertSession(t.db, user.id)}`;
      const { context } = makeContext(t.db, kind);
      await provideUser(new Request("http://localhost/perfil", { headers: { cookie } }), context);
      const post = (fields: Record<string, string>) =>
        answer(() =>
          settingsAction(
            formRequest("http://localhost/perfil/ajustes", { intent: "settings", ...fields }, cookie),
            context,
          ),
        );
      return { user, context, post };
    }

    it("saves the language chosen for emails and documents, and shows it chosen", async () => {
      const { user, context, post } = await signedIn(`ajustes.${kind}@example.com`);
      expect((await loadSettingsSection(context)).locale).toBe("es");

      const saved = await post({ courseEmails: "on", locale: "ca" });
      expect(statusOf(saved)).toBe(302);
      expect((saved as Response).headers.get("location")).toBe("/perfil/ajustes?guardado=preferencias");
      expect(await localeOfUserByEmail(user.email)).toBe("ca");
      expect((await loadSettingsSection(context)).locale).toBe("ca");

      // A form without the choice (an older page) leaves it as it was.
      expect(statusOf(await post({ courseEmails: "on" }))).toBe(302);
      expect(await localeOfUserByEmail(user.email)).toBe("ca");

      expect(statusOf(await post({ courseEmails: "on", locale: "es" }))).toBe(302);
      expect(await localeOfUserByEmail(user.email)).toBe("es");
    });

    it("refuses a language other than es or ca, and changes nothing", async () => {
      const { user, post } = await signedIn(`ajustes.fr.${kind}@example.com`);
      const refused = await post({ locale: "fr" });
      expect(statusOf(refused)).toBe(400);
      expect((refused as { data: { errors: { form: string } } }).data.errors.form).toBe(
        "Elige el idioma de los correos: castellano o catalán",
      );
      expect(await localeOfUserByEmail(user.email)).toBe("es");
      // The other preferences were not saved either: reminders stay on.
      const settings = await t.db
        .selectFrom("user_settings")
        .select("course_emails")
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(Number(settings.course_emails)).toBe(1);
    });
  });
});

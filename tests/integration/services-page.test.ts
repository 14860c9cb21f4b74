/**
 * The public service menu (/servicios) and the booking settings (issue 15):
 * the page lists what the database holds (prices in es-ES, "desde" prices,
 * services booked by phone, inactive ones absent) with its schema.org data,
 * and the owner's booking settings decide where every "RESERVA TU CITA" leads
 * (the root loader's `booking`), each change audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBookingSettings, saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { serviceDurationText, servicePriceText, servicesJsonLd } from "~/components/services/service-menu.ts";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking-settings-form.ts";
import { MONEY_SPACE } from "~/domain/es-format.ts";
import { loader as rootLoader } from "~/root.tsx";
import { loadBookingSettingsPage, saveBookingSettingsPage } from "~/routes/gestion.reservas.server.ts";
import { loadServicesPage } from "~/routes/servicios.server.ts";
import { formRequest } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { bodyOf } from "../helpers/staff.ts";
import { staffContext, statusOf } from "./staff-orders-fixtures.ts";

const eur = (text: string) => text.replace(/ /g, MONEY_SPACE);

type RootArgs = Parameters<typeof rootLoader>[0];

describe.each(dbKinds)("/servicios and the booking settings on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.db.updateTable("services").set({ active: 0 }).where("id", "=", "cejas").execute();
    await t.db.updateTable("services").set({ bookable_online: 0 }).where("id", "=", "acrilico").execute();
    await t.db.updateTable("services").set({ price_cents: 2650 }).where("id", "=", "semipermanente").execute();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("lists the active services by category with what the database says", async () => {
    const { groups } = await loadServicesPage(t.db);
    expect(groups.map((g) => [g.category, g.label])).toEqual([
      ["manos", "Manos"],
      ["pies", "Pies"],
      ["facial", "Facial"],
      ["diseno", "Diseño de uñas"],
    ]);
    const all = groups.flatMap((g) => g.services);
    expect(all.map((s) => s.id)).not.toContain("cejas");
    expect(groups.find((g) => g.category === "facial")?.services.map((s) => s.id)).toEqual([
      "limpieza-facial",
      "facial-hidratante",
    ]);
    expect(all.find((s) => s.id === "semipermanente")).toMatchObject({
      name: "Manicura semipermanente",
      durationMin: 60,
      priceCents: 2650,
      priceFrom: false,
      bookableOnline: true,
    });
    expect(all.find((s) => s.id === "acrilico")).toMatchObject({ priceFrom: true, bookableOnline: false });
  });

  it("describes each service as a schema.org Service with its Offer, provided by the salon", async () => {
    const { groups } = await loadServicesPage(t.db);
    const ld = servicesJsonLd(groups, "https://salon.example");
    const text = JSON.stringify(ld);
    const graph = ld["@graph"] as Record<string, unknown>[];
    expect(graph[0]).toMatchObject({ "@type": "NailSalon", "@id": "https://salon.example/#salon" });
    const catalogue = graph[1] as { itemListElement: { name: string; itemListElement: Record<string, unknown>[] }[] };
    expect(catalogue.itemListElement.map((c) => c.name)).toEqual(["Manos", "Pies", "Facial", "Diseño de uñas"]);
    const services = catalogue.itemListElement.flatMap((c) => c.itemListElement);
    expect(services.find((s) => s.name === "Manicura semipermanente")).toMatchObject({
      "@type": "Service",
      provider: { "@id": "https://salon.example/#salon" },
      offers: { "@type": "Offer", price: "26.50", priceCurrency: "EUR" },
    });
    const gel = services.find((s) => s.name === "Uñas de gel (nuevo set)");
    expect(gel?.offers).toMatchObject({
      priceCurrency: "EUR",
      priceSpecification: { "@type": "PriceSpecification", minPrice: "40.00", priceCurrency: "EUR" },
    });
    expect(gel?.offers).not.toHaveProperty("price");
    expect(text).not.toContain("Diseño de cejas");
  });

  it("keeps the owner's booking settings, audited, and the root loader follows them", async () => {
    const owner = await staffContext(t.db, kind, `propietaria.reservas.${kind}@example.com`, "owner");
    const rootArgs = {
      request: new Request("http://localhost/"),
      context: owner.context,
      params: {},
    } as unknown as RootArgs;
    expect((await rootLoader(rootArgs)).booking).toEqual({ href: "/reservar", external: false });
    expect(await getBookingSettings(t.db)).toEqual(DEFAULT_BOOKING_SETTINGS);

    const page = bodyOf(await loadBookingSettingsPage(new Request("http://localhost/gestion/reservas"), owner.context));
    expect(page.values).toMatchObject({ mode: "site", noticeHours: "2", horizonDays: "60", maxUpcoming: "3" });
    expect(page.values.externalUrl).toMatch(/^https:\/\//);

    const fields = {
      mode: "external",
      externalUrl: "https://reservas.example.com/alejandra",
      noticeHours: "1,5",
      horizonDays: "30",
      cancelHours: "48",
      holdMinutes: "15",
      maxUpcoming: "4",
    };
    const saved = await saveBookingSettingsPage(
      formRequest("http://localhost/gestion/reservas", fields),
      owner.context,
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("location")).toBe("/gestion/reservas?guardado=1");
    expect(await getBookingSettings(t.db)).toEqual({
      mode: "external",
      externalUrl: "https://reservas.example.com/alejandra",
      rules: { noticeMinutes: 90, horizonDays: 30, cancelHours: 48, holdMinutes: 15, maxUpcomingPerClient: 4 },
    });
    expect((await rootLoader(rootArgs)).booking).toEqual({
      href: "https://reservas.example.com/alejandra",
      external: true,
    });

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "entity_id", "before_json", "after_json"])
      .where("action", "=", "booking-settings.update")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: owner.user.email, entity_id: "booking" });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ mode: "site", rules: { noticeMinutes: 120 } });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ mode: "external", rules: { noticeMinutes: 90 } });

    // Saving the same values again writes nothing.
    await saveBookingSettingsPage(formRequest("http://localhost/gestion/reservas", fields), owner.context);
    expect(await saveBookingSettings(t.db, { id: null, email: "cli" }, await getBookingSettings(t.db))).toBe(false);
    const count = await t.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("action", "=", "booking-settings.update")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // Back to the site's own page: the address is kept for next time.
    await saveBookingSettingsPage(
      formRequest("http://localhost/gestion/reservas", { ...fields, mode: "site" }),
      owner.context,
    );
    expect((await rootLoader(rootArgs)).booking).toEqual({ href: "/reservar", external: false });
    expect((await getBookingSettings(t.db)).externalUrl).toBe("https://reservas.example.com/alejandra");
  });

  it("answers bad input with Spanish errors and saves nothing", async () => {
    const owner = await staffContext(t.db, kind, `propietaria.errores.${kind}@example.com`, "owner");
    const before = await getBookingSettings(t.db);
    const result = await saveBookingSettingsPage(
      formRequest("http://localhost/gestion/reservas", {
        mode: "external",
        externalUrl: "http://inseguro.example.com",
        noticeHours: "dos",
        horizonDays: "400",
        cancelHours: "24",
        holdMinutes: "20",
        maxUpcoming: "3",
      }),
      owner.context,
    );
    expect(await statusOf(async () => result)).toBe(400);
    const { errors, values } = bodyOf(result);
    expect(errors.externalUrl).toMatch(/https:\/\//);
    expect(errors.noticeHours).toBe("Escribe un número entre 0 y 168 (horas).");
    expect(errors.horizonDays).toBe("Escribe un número entero entre 1 y 365 (días).");
    expect(values.externalUrl).toBe("http://inseguro.example.com");
    expect(await getBookingSettings(t.db)).toEqual(before);
  });

  it("is the owner's: staff get 403 on the page and on saving", async () => {
    const staff = await staffContext(t.db, kind, `equipo.reservas.${kind}@example.com`, "staff");
    expect(
      await statusOf(() => loadBookingSettingsPage(new Request("http://localhost/gestion/reservas"), staff.context)),
    ).toBe(403);
    const post = formRequest("http://localhost/gestion/reservas", { mode: "site" });
    expect(await statusOf(() => saveBookingSettingsPage(post, staff.context))).toBe(403);
  });

  it("formats prices in es-ES for the page", async () => {
    const { groups } = await loadServicesPage(t.db);
    const all = groups.flatMap((g) => g.services);
    const semi = all.find((s) => s.id === "semipermanente")!;
    const gel = all.find((s) => s.id === "unas-gel")!;
    expect(servicePriceText(semi)).toBe(eur("26,50 €"));
    expect(servicePriceText(gel)).toBe(`desde ${eur("40,00 €")}`);
    expect(serviceDurationText(semi)).toBe("60 min");
  });
});

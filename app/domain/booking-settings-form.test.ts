import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RULES } from "./booking-rules.ts";
import {
  bookingFormValues,
  bookingHref,
  DEFAULT_BOOKING_SETTINGS,
  parseBookingSettingsForm,
  settingsFromStored,
  type BookingFormValues,
} from "./booking-settings-form.ts";

const valid: BookingFormValues = {
  mode: "site",
  externalUrl: "",
  noticeHours: "2",
  horizonDays: "60",
  cancelHours: "24",
  holdMinutes: "20",
  maxUpcoming: "3",
};

describe("parseBookingSettingsForm", () => {
  it("turns the owner's units into the stored rules", () => {
    const r = parseBookingSettingsForm({ ...valid, noticeHours: "1,5", horizonDays: " 90 " });
    expect(r).toEqual({
      ok: true,
      settings: {
        mode: "site",
        externalUrl: null,
        rules: { noticeMinutes: 90, horizonDays: 90, cancelHours: 24, holdMinutes: 20, maxUpcomingPerClient: 3 },
      },
    });
  });

  it("needs an absolute https address for an external booking page", () => {
    const missing = parseBookingSettingsForm({ ...valid, mode: "external" });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.externalUrl).toMatch(/escribe su dirección/);
    for (const bad of [
      "http://reservas.example.com",
      "reservas.example.com",
      "javascript:alert(1)",
      "https://a b.com",
      "https://user:pw@x.com",
    ]) {
      const r = parseBookingSettingsForm({ ...valid, mode: "external", externalUrl: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.errors.externalUrl, bad).toMatch(/https:\/\//);
    }
    const ok = parseBookingSettingsForm({
      ...valid,
      mode: "external",
      externalUrl: "https://www.fresha.com/es/a/salon",
    });
    expect(ok.ok && ok.settings).toMatchObject({ mode: "external", externalUrl: "https://www.fresha.com/es/a/salon" });
  });

  it("keeps a valid address in site mode and still refuses a bad one", () => {
    const kept = parseBookingSettingsForm({ ...valid, externalUrl: "https://reservas.example.com/x" });
    expect(kept.ok && kept.settings.externalUrl).toBe("https://reservas.example.com/x");
    expect(parseBookingSettingsForm({ ...valid, externalUrl: "ftp://x.example" }).ok).toBe(false);
  });

  it("refuses an unknown mode and rules outside their bounds, with Spanish messages and the values typed", () => {
    const r = parseBookingSettingsForm({
      mode: "phone",
      externalUrl: "",
      noticeHours: "169",
      horizonDays: "0",
      cancelHours: "-1",
      holdMinutes: "4",
      maxUpcoming: "0",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      mode: "Elige dónde se reserva: en esta web o en una página externa.",
      noticeHours: "Escribe un número entre 0 y 168 (horas).",
      horizonDays: "Escribe un número entero entre 1 y 365 (días).",
      cancelHours: "Escribe un número entero entre 0 y 336 (horas).",
      holdMinutes: "Escribe un número entero entre 5 y 120 (minutos).",
      maxUpcoming: "Escribe un número entero entre 1 y 20 (citas).",
    });
    expect(r.values.noticeHours).toBe("169");
  });

  it("accepts the bounds themselves and refuses words, decimals in whole fields and missing fields", () => {
    expect(
      parseBookingSettingsForm({
        ...valid,
        noticeHours: "0",
        horizonDays: "365",
        cancelHours: "336",
        holdMinutes: "120",
        maxUpcoming: "20",
      }).ok,
    ).toBe(true);
    expect(parseBookingSettingsForm({ ...valid, maxUpcoming: "1" }).ok).toBe(true);
    expect(parseBookingSettingsForm({ ...valid, maxUpcoming: "21" }).ok).toBe(false);
    expect(parseBookingSettingsForm({ ...valid, horizonDays: "30,5" }).ok).toBe(false);
    expect(parseBookingSettingsForm({ ...valid, cancelHours: "doce" }).ok).toBe(false);
    const r = parseBookingSettingsForm({ mode: "site" });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(Object.keys(r.errors).sort()).toEqual([
        "cancelHours",
        "holdMinutes",
        "horizonDays",
        "maxUpcoming",
        "noticeHours",
      ]);
  });
});

describe("bookingHref", () => {
  it("leads to /reservar in the same tab unless an external page is chosen", () => {
    expect(bookingHref(DEFAULT_BOOKING_SETTINGS)).toEqual({ href: "/reservar", external: false });
    expect(bookingHref({ mode: "site", externalUrl: "https://x.example" })).toEqual({
      href: "/reservar",
      external: false,
    });
    expect(bookingHref({ mode: "external", externalUrl: "https://x.example/r" })).toEqual({
      href: "https://x.example/r",
      external: true,
    });
    expect(bookingHref({ mode: "external", externalUrl: null })).toEqual({ href: "/reservar", external: false });
  });
});

describe("settingsFromStored and the form's values", () => {
  it("falls back to the defaults for absent, unreadable or out-of-bounds values", () => {
    expect(settingsFromStored(undefined)).toEqual(DEFAULT_BOOKING_SETTINGS);
    expect(settingsFromStored("{not json")).toEqual(DEFAULT_BOOKING_SETTINGS);
    expect(settingsFromStored("42")).toEqual(DEFAULT_BOOKING_SETTINGS);
    expect(
      settingsFromStored(
        JSON.stringify({
          mode: "external",
          externalUrl: "http://x.example",
          rules: { horizonDays: 9999, holdMinutes: 30 },
        }),
      ),
    ).toEqual({ mode: "site", externalUrl: null, rules: { ...DEFAULT_BOOKING_RULES, holdMinutes: 30 } });
    // Settings saved before the cap existed get its default (3); a cap out of bounds too.
    expect(settingsFromStored(JSON.stringify({ mode: "site", rules: { holdMinutes: 30 } })).rules).toMatchObject({
      maxUpcomingPerClient: 3,
    });
    expect(settingsFromStored(JSON.stringify({ rules: { maxUpcomingPerClient: 0 } })).rules.maxUpcomingPerClient).toBe(
      3,
    );
    expect(settingsFromStored(JSON.stringify({ rules: { maxUpcomingPerClient: 5 } })).rules.maxUpcomingPerClient).toBe(
      5,
    );
  });

  it("round-trips through the form", () => {
    const settings = {
      mode: "external" as const,
      externalUrl: "https://x.example/r",
      rules: { noticeMinutes: 90, horizonDays: 30, cancelHours: 48, holdMinutes: 15, maxUpcomingPerClient: 5 },
    };
    const values = bookingFormValues(settings, "https://default.example");
    expect(values.maxUpcoming).toBe("5");
    expect(values.noticeHours).toBe("1,5");
    expect(parseBookingSettingsForm(values)).toEqual({ ok: true, settings });
    expect(settingsFromStored(JSON.stringify(settings))).toEqual(settings);
    expect(bookingFormValues(DEFAULT_BOOKING_SETTINGS, "https://default.example").externalUrl).toBe(
      "https://default.example",
    );
  });
});

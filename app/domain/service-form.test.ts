import { describe, expect, it } from "vitest";
import {
  parseServiceForm,
  serviceFormValues,
  SERVICE_MESSAGES,
  slugFromName,
  uniqueSlug,
  type PostedForm,
} from "./service-form.ts";

const good = {
  name: "  Manicura  rusa ",
  category: "manos",
  description: "Con torno.\r\nSin agua.",
  duration: "75",
  buffer: "10",
  price: "35,50 €",
  priceFrom: "on",
  bookableOnline: "on",
  active: "on",
};
const posted = (values: Record<string, string>, professionals: string[] = ["laura"]): PostedForm => ({
  values,
  lists: { professionals },
});

function errorsOf(values: Record<string, string>): Record<string, string> {
  const r = parseServiceForm(posted(values));
  if (r.ok) throw new Error("expected errors");
  return r.errors;
}

describe("service form", () => {
  it("reads a full form: minutes, cents, checkboxes and who performs it", () => {
    expect(parseServiceForm(posted(good, ["laura", "marta"]))).toEqual({
      ok: true,
      input: {
        name: "Manicura rusa",
        category: "manos",
        description: "Con torno.\nSin agua.",
        durationMin: 75,
        bufferMin: 10,
        priceCents: 3550,
        priceFrom: true,
        depositCents: null,
        bookableOnline: true,
        active: true,
        professionalIds: ["laura", "marta"],
      },
    });
    const unticked = parseServiceForm(posted({ ...good, priceFrom: "", bookableOnline: "", active: "" }, []));
    expect(unticked).toMatchObject({
      ok: true,
      input: { priceFrom: false, bookableOnline: false, active: false, professionalIds: [] },
    });
  });

  it("accepts the edges: 5 and 480 minutes, no buffer, a free service and 5.000 €", () => {
    const r = parseServiceForm(posted({ ...good, duration: "5", buffer: "0", price: "0" }));
    expect(r).toMatchObject({ ok: true, input: { durationMin: 5, bufferMin: 0, priceCents: 0 } });
    expect(parseServiceForm(posted({ ...good, duration: "480", buffer: "120", price: "5.000" }))).toMatchObject({
      ok: true,
      input: { durationMin: 480, bufferMin: 120, priceCents: 500000 },
    });
  });

  it("refuses each bad field in Spanish and echoes what was typed", () => {
    const r = parseServiceForm(
      posted({ ...good, name: " ", category: "pelo", duration: "62", buffer: "125", price: "5000,01" }),
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        name: SERVICE_MESSAGES.name,
        category: SERVICE_MESSAGES.category,
        duration: SERVICE_MESSAGES.duration,
        buffer: SERVICE_MESSAGES.buffer,
        price: SERVICE_MESSAGES.priceMax,
      },
      values: { ...good, name: " ", category: "pelo", duration: "62", buffer: "125", price: "5000,01" },
      lists: { professionals: ["laura"] },
    });
    expect(errorsOf({ ...good, duration: "0" }).duration).toBe(SERVICE_MESSAGES.duration);
    expect(errorsOf({ ...good, duration: "485" }).duration).toBe(SERVICE_MESSAGES.duration);
    expect(errorsOf({ ...good, duration: "1e2" }).duration).toBe(SERVICE_MESSAGES.duration);
    expect(errorsOf({ ...good, buffer: "-5" }).buffer).toBe(SERVICE_MESSAGES.buffer);
    expect(errorsOf({ ...good, price: "12,345" }).price).toBe("El importe admite como mucho dos decimales");
    expect(errorsOf({ ...good, price: "" }).price).toBe("Escribe un importe en euros");
    expect(errorsOf({ ...good, name: "¡¡!!" }).name).toBe(SERVICE_MESSAGES.nameSlug);
    expect(errorsOf({ ...good, name: "x".repeat(81) }).name).toBe(SERVICE_MESSAGES.nameLong);
    const { category: _c, ...noCategory } = good;
    expect(errorsOf(noCategory).category).toBe(SERVICE_MESSAGES.category);
  });

  it("reads an optional deposit: empty or zero is none, never below 1 € nor above the price", () => {
    expect(parseServiceForm(posted({ ...good, deposit: "10" }))).toMatchObject({ ok: true, input: { depositCents: 1000 } });
    expect(parseServiceForm(posted({ ...good, deposit: "  " }))).toMatchObject({ ok: true, input: { depositCents: null } });
    expect(parseServiceForm(posted({ ...good, deposit: "0" }))).toMatchObject({ ok: true, input: { depositCents: null } });
    expect(parseServiceForm(posted({ ...good, deposit: "35,50" }))).toMatchObject({
      ok: true,
      input: { depositCents: 3550 },
    });
    expect(errorsOf({ ...good, deposit: "35,51" }).deposit).toBe(SERVICE_MESSAGES.deposit);
    expect(errorsOf({ ...good, deposit: "0,50" }).deposit).toBe(SERVICE_MESSAGES.depositMin);
    expect(errorsOf({ ...good, deposit: "diez" }).deposit).toMatch(/^Escribe el importe en euros/u);
  });

  it("turns a name into a readable, unique id", () => {
    expect(slugFromName("Pedicura Spa (Señora) ")).toBe("pedicura-spa-senora");
    expect(slugFromName("Uñas  de gel — relleno")).toBe("unas-de-gel-relleno");
    expect(slugFromName("Nuevo")).toBe("nuevo-1");
    expect(slugFromName("***")).toBe("");
    expect(slugFromName("a".repeat(70)).length).toBe(60);
    expect(uniqueSlug("manicura", new Set(["pedicura"]))).toBe("manicura");
    expect(uniqueSlug("manicura", new Set(["manicura", "manicura-2"]))).toBe("manicura-3");
  });

  it("shows a stored service back in the form, which parses to the same service", () => {
    const stored = {
      name: "Relleno",
      category: "diseno",
      description: "",
      durationMin: 75,
      bufferMin: 10,
      priceCents: 3250,
      priceFrom: false,
      depositCents: 1000,
      bookableOnline: true,
      active: true,
      professionalIds: ["sofia"],
    };
    const form = serviceFormValues(stored);
    expect(form.values).toMatchObject({ price: "32,50", deposit: "10", duration: "75", priceFrom: "", active: "on" });
    expect(parseServiceForm(form)).toEqual({ ok: true, input: stored });
  });
});

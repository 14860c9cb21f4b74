import { describe, expect, it } from "vitest";
import { courseFormSchema, editionFormSchema, featureLines, formErrors, isIsoDate } from "./course-form.ts";

const course = {
  id: "unas-acrilicas",
  title: "Uñas acrílicas",
  category: "profesional",
  level: "Profesional",
  description: "Domina el acrílico desde cero.",
  features: "Preparación de la uña\n\n  Esculpido en molde  \r\nAcabados",
  price: "1.250,50",
  originalPrice: "",
  duration: "40 horas",
  classSize: "12",
};

const errorsOf = (schema: typeof courseFormSchema | typeof editionFormSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : formErrors(parsed.error);
};

describe("courseFormSchema", () => {
  it("keeps the Catalan texts, trimmed, and refuses one too long", () => {
    const parsed = courseFormSchema.parse({
      ...course,
      titleCa: "  Ungles acríliques ",
      featuresCa: "Preparació de l’ungla\n\nEscultura en motlle",
      durationCa: "",
    });
    expect(parsed).toMatchObject({
      titleCa: "Ungles acríliques",
      featuresCa: ["Preparació de l’ungla", "Escultura en motlle"],
      durationCa: null,
    });
    const long = courseFormSchema.safeParse({ ...course, titleCa: "x".repeat(121) });
    expect(long.success).toBe(false);
  });

  it("turns the form into a course: cents, feature lines, checkbox", () => {
    const parsed = courseFormSchema.parse({ ...course, highlighted: "on" });
    expect(parsed).toEqual({
      id: "unas-acrilicas",
      title: "Uñas acrílicas",
      category: "profesional",
      level: "Profesional",
      description: "Domina el acrílico desde cero.",
      features: ["Preparación de la uña", "Esculpido en molde", "Acabados"],
      priceCents: 125050,
      originalPriceCents: 0,
      duration: "40 horas",
      classSize: 12,
      highlighted: true,
      vatTreatment: "standard",
      // No Catalan text written: the Catalan pages show the Spanish one.
      titleCa: null,
      levelCa: null,
      descriptionCa: null,
      featuresCa: null,
      durationCa: null,
    });
    expect(courseFormSchema.parse(course).highlighted).toBe(false);
    expect(courseFormSchema.parse({ ...course, vatTreatment: "exempt" }).vatTreatment).toBe("exempt");
    expect(courseFormSchema.safeParse({ ...course, vatTreatment: "cero" }).success).toBe(false);
    expect(courseFormSchema.parse({ ...course, originalPrice: "1.500" }).originalPriceCents).toBe(150000);
  });

  it("validates the slug: lowercase a-z, digits and single hyphens", () => {
    for (const id of [
      "Uñas",
      "unas acrilicas",
      "-unas",
      "unas-",
      "unas--acrilicas",
      "UNAS",
      "ab",
      "x".repeat(61),
      "uñas",
    ]) {
      expect(errorsOf(courseFormSchema, { ...course, id }).id, id).toBeTruthy();
    }
    expect(errorsOf(courseFormSchema, { ...course, id: "curso-2027" })).toEqual({});
  });

  it("refuses an original price below the price, bad euros and a zero price, in Spanish", () => {
    expect(errorsOf(courseFormSchema, { ...course, originalPrice: "100" }).originalPrice).toBe(
      "El precio original debe ser igual o mayor que el precio (o déjalo vacío)",
    );
    expect(errorsOf(courseFormSchema, { ...course, price: "12,345" }).price).toBe(
      "El importe admite como mucho dos decimales",
    );
    expect(errorsOf(courseFormSchema, { ...course, price: "-3" }).price).toBe("El importe no puede ser negativo");
    expect(errorsOf(courseFormSchema, { ...course, price: "0" }).price).toBe("El precio debe ser mayor que 0 €");
    expect(errorsOf(courseFormSchema, { ...course, originalPrice: "abc" }).originalPrice).toBeTruthy();
  });

  it("caps features, lengths and class size; reports every missing field", () => {
    expect(errorsOf(courseFormSchema, { ...course, features: Array(21).fill("Punto").join("\n") }).features).toBe(
      "El temario admite como mucho 20 líneas",
    );
    expect(errorsOf(courseFormSchema, { ...course, features: "x".repeat(161) }).features).toBe(
      "Cada línea del temario admite como mucho 160 caracteres",
    );
    expect(errorsOf(courseFormSchema, { ...course, features: "x".repeat(100_000) }).features).toBe(
      "El temario es demasiado largo",
    );
    expect(errorsOf(courseFormSchema, { ...course, features: " \n " }).features).toMatch(/al menos un punto/);
    expect(errorsOf(courseFormSchema, { ...course, classSize: "0" }).classSize).toMatch(/entre 1 y 100/);
    expect(errorsOf(courseFormSchema, { ...course, classSize: "1e2" }).classSize).toMatch(/entre 1 y 100/);
    expect(errorsOf(courseFormSchema, { ...course, title: "t".repeat(121) }).title).toMatch(/como mucho 120/);
    expect(errorsOf(courseFormSchema, { ...course, category: "otra" }).category).toBe("Elige una categoría");
    const missing = errorsOf(courseFormSchema, {});
    expect(Object.keys(missing).sort()).toEqual(
      ["category", "classSize", "description", "duration", "features", "id", "level", "price", "title"].sort(),
    );
    expect(Object.values(missing).every((m) => typeof m === "string" && /[a-záéíóúñ]/.test(m!))).toBe(true);
  });

  it("featureLines trims and drops blank lines", () => {
    expect(featureLines(" a \n\n b\r\n")).toEqual(["a", "b"]);
  });
});

describe("editionFormSchema", () => {
  it("accepts dates, an optional end and schedule; collapses whitespace", () => {
    expect(
      editionFormSchema.parse({
        startsOn: "2027-02-08",
        endsOn: "2027-02-10",
        schedule: " Lunes  y martes,\n10:00–14:00 ",
        seats: "15",
      }),
    ).toEqual({ startsOn: "2027-02-08", endsOn: "2027-02-10", schedule: "Lunes y martes, 10:00–14:00", seats: 15 });
    expect(editionFormSchema.parse({ startsOn: "2027-02-08", endsOn: "", seats: "1" })).toEqual({
      startsOn: "2027-02-08",
      endsOn: null,
      schedule: "",
      seats: 1,
    });
  });

  it("refuses an end before the start, impossible dates and bad seats", () => {
    expect(errorsOf(editionFormSchema, { startsOn: "2027-02-08", endsOn: "2027-02-07", seats: "5" }).endsOn).toBe(
      "La fecha de fin no puede ser anterior a la de inicio",
    );
    expect(errorsOf(editionFormSchema, { startsOn: "2027-02-30", seats: "5" }).startsOn).toBe(
      "Elige la fecha de inicio",
    );
    expect(errorsOf(editionFormSchema, { startsOn: "08/02/2027", seats: "5" }).startsOn).toBeTruthy();
    expect(errorsOf(editionFormSchema, { startsOn: "2027-02-08", seats: "0" }).seats).toMatch(/entre 1 y 500/);
    expect(errorsOf(editionFormSchema, { startsOn: "2027-02-08", seats: "-1" }).seats).toMatch(/entre 1 y 500/);
    expect(
      errorsOf(editionFormSchema, { startsOn: "2027-02-08", seats: "3", schedule: "x".repeat(201) }).schedule,
    ).toMatch(/como mucho 200/);
  });

  it("isIsoDate checks the calendar", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2027-13-01")).toBe(false);
    expect(isIsoDate("1999-01-01")).toBe(false);
  });
});

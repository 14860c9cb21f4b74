import { describe, expect, it } from "vitest";
import { madridDate } from "~/domain/calendar-dates.ts";
import { inPart, parseAvailabilityQuestion, serviceAsked } from "./availability-question.ts";

/** The seeded menu's names (app/db/seed-salon.server.ts). */
const MENU = [
  { id: "retirada", name: "Retirada de semipermanente o gel" },
  { id: "manicura", name: "Manicura clásica" },
  { id: "semipermanente", name: "Manicura semipermanente" },
  { id: "unas-gel", name: "Uñas de gel (nuevo set)" },
  { id: "acrilico", name: "Uñas de acrílico (nuevo set)" },
  { id: "relleno", name: "Relleno de gel o acrílico" },
  { id: "nail-art", name: "Nail art (decoración)" },
  { id: "pedicura", name: "Pedicura completa" },
  { id: "pedicura-semipermanente", name: "Pedicura con semipermanente" },
  { id: "limpieza-facial", name: "Limpieza facial profunda" },
  { id: "facial-hidratante", name: "Tratamiento facial hidratante" },
  { id: "cejas", name: "Diseño de cejas" },
];
// Friday 27 November 2026.
const FRIDAY = "2026-11-27";
const ask = (text: string, today = FRIDAY) => parseAvailabilityQuestion(text, today, MENU);

describe("the service asked", () => {
  it.each([
    ["¿tenéis hueco el viernes por la tarde para semipermanente?", "semipermanente"],
    ["hueco para un semi", "semipermanente"],
    ["uñas de gel el lunes", "unas-gel"],
    ["acrílico", "acrilico"],
    ["un relleno de gel", "relleno"],
    ["quiero quitarme el semi", "retirada"],
    ["retirada y nada más", "retirada"],
    ["pedicura", "pedicura"],
    ["pedicura con semi", "pedicura-semipermanente"],
    ["manicura", "manicura"],
    ["una limpieza de cara", "limpieza-facial"],
    ["un facial", "limpieza-facial"],
    ["facial hidratante", "facial-hidratante"],
    ["cejas", "cejas"],
    ["nail art", "nail-art"],
    ["decoración", "nail-art"],
    ["Manicura clásica", "manicura"],
  ])("%s → %s", (text, id) => {
    expect(ask(text).serviceId).toBe(id);
  });

  it("finds a renamed or new service by its live name, and nothing when none is named", () => {
    const menu = [...MENU.filter((s) => s.id !== "cejas"), { id: "cejas", name: "Laminado de cejas" }];
    expect(serviceAsked("hay hueco para un laminado?", menu)).toBe("cejas");
    expect(serviceAsked("manicura japonesa el martes", [...MENU, { id: "japo", name: "Manicura japonesa" }])).toBe(
      "japo",
    );
    // A word of a seeded service whose id the menu no longer has finds nothing.
    expect(
      serviceAsked(
        "hueco para cejas",
        MENU.filter((s) => s.id !== "cejas"),
      ),
    ).toBeNull();
    expect(ask("¿tenéis hueco mañana?").serviceId).toBeNull();
  });

  it("finds a service by its Catalan name, when the staff wrote one", () => {
    const withCa = (id: string, nameCa: string) => MENU.map((s) => (s.id === id ? { ...s, nameCa } : s));
    // "hidratant" is the seeded service's Catalan word, named or not.
    expect(serviceAsked("hora per a un tractament facial hidratant", MENU)).toBe("facial-hidratante");
    expect(
      serviceAsked(
        "hora per a un tractament facial hidratant",
        withCa("facial-hidratante", "Tractament facial hidratant"),
      ),
    ).toBe("facial-hidratante");
    // Renamed in both languages: the Catalan name's own word finds it.
    const laminated = MENU.map((s) =>
      s.id === "cejas" ? { id: "cejas", name: "Laminado de cejas", nameCa: "Laminat de celles" } : s,
    );
    expect(serviceAsked("teniu hora per a un laminat dijous?", laminated)).toBe("cejas");
    expect(serviceAsked("teniu hora per a un laminat dijous?", MENU)).toBeNull();
    // A whole Catalan name beats the common words it holds ("semipermanent" alone is the manicure).
    const spa = [...MENU, { id: "spa", name: "Spa de manos", nameCa: "Spa de mans amb semipermanent" }];
    expect(ask("hora dilluns per a spa de mans amb semipermanent").serviceId).toBe("semipermanente");
    expect(serviceAsked("hora dilluns per a spa de mans amb semipermanent", spa)).toBe("spa");
  });
});

describe("the day asked", () => {
  it.each([
    ["hoy", FRIDAY],
    ["mañana", "2026-11-28"],
    ["pasado mañana", "2026-11-29"],
    ["el viernes", FRIDAY],
    ["el próximo viernes", "2026-12-04"],
    ["el sábado", "2026-11-28"],
    ["el lunes", "2026-11-30"],
    ["el jueves", "2026-12-03"],
    ["el miércoles", "2026-12-02"],
    ["el 27", FRIDAY],
    ["el 3", "2026-12-03"],
    ["el 30", "2026-11-30"],
    ["27 de noviembre", FRIDAY],
    ["el 12 de diciembre", "2026-12-12"],
    ["el 2 de enero", "2027-01-02"],
    ["el 20 de noviembre", "2027-11-20"],
    ["este fin de semana", "2026-11-28"],
    ["el finde", "2026-11-28"],
    ["esta tarde", FRIDAY],
    ["esta semana", null],
    ["a las 17 h", null],
  ])("%s → %s", (text, date) => {
    expect(ask(`¿tenéis hueco ${text}?`).date).toBe(date);
  });

  it("crosses the year and reads «el 31» as the next month that has one", () => {
    expect(ask("el lunes", "2026-12-31").date).toBe("2027-01-04");
    expect(ask("el 31", "2026-11-27").date).toBe("2026-12-31");
    expect(ask("el 1", "2026-12-31").date).toBe("2027-01-01");
  });

  it("takes «mañana» from Madrid's date, not UTC's", () => {
    // 23:30 on Friday in Madrid (22:30 UTC) and 00:30 on Saturday in Madrid (still Friday in UTC).
    expect(ask("mañana", madridDate(new Date("2026-11-27T22:30:00Z"))).date).toBe("2026-11-28");
    expect(ask("mañana", madridDate(new Date("2026-11-27T23:30:00Z"))).date).toBe("2026-11-29");
  });
});

describe("the part of the day", () => {
  it.each([
    ["el viernes por la tarde", "2026-11-27", "afternoon"],
    ["mañana por la mañana", "2026-11-28", "morning"],
    ["por las mañanas", null, "morning"],
    ["esta mañana", FRIDAY, "morning"],
    ["buenas tardes, hueco el lunes?", "2026-11-30", null],
    ["el sábado", "2026-11-28", null],
  ])("%s → %s %s", (text, date, part) => {
    expect(ask(text)).toMatchObject({ date, part });
  });

  it("splits the day at 14:00", () => {
    expect(inPart(13 * 60 + 45, "morning")).toBe(true);
    expect(inPart(14 * 60, "morning")).toBe(false);
    expect(inPart(14 * 60, "afternoon")).toBe(true);
    expect(inPart(9 * 60, null)).toBe(true);
  });
});

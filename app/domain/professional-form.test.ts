import { describe, expect, it } from "vitest";
import {
  dayErrorKey,
  hourField,
  openingText,
  parseDayRanges,
  parseProfessionalForm,
  professionalFormValues,
  weekSummary,
} from "./professional-form.ts";

const hours = (weekday: number, ...ranges: [string, string][]) =>
  Object.fromEntries(
    ranges.flatMap(([from, to], i) => [
      [hourField(weekday, i + 1, "start"), from],
      [hourField(weekday, i + 1, "end"), to],
    ]),
  );

const dayError = (weekday: number, ...ranges: [string, string][]) => {
  const r = parseDayRanges(weekday, hours(weekday, ...ranges));
  if (r.ok) throw new Error("expected an error");
  return r.error;
};

describe("professional form", () => {
  it("reads name, title, services, account and a split week", () => {
    const r = parseProfessionalForm({
      values: {
        name: " Nuria  Puig ",
        title: "Técnica de uñas",
        active: "on",
        userId: "u-1",
        ...hours(1, ["16:00", "20:00"], ["09:00", "13:30"]),
        ...hours(6, ["09:00", "17:00"]),
      },
      lists: { services: ["manicura", "pedicura"] },
    });
    expect(r).toEqual({
      ok: true,
      input: {
        name: "Nuria Puig",
        title: "Técnica de uñas",
        active: true,
        userId: "u-1",
        serviceIds: ["manicura", "pedicura"],
        hours: [
          { weekday: 1, startsMin: 540, endsMin: 810 },
          { weekday: 1, startsMin: 960, endsMin: 1200 },
          { weekday: 6, startsMin: 540, endsMin: 1020 },
        ],
      },
    });
    const bare = parseProfessionalForm({ values: { name: "Eva" }, lists: {} });
    expect(bare).toEqual({
      ok: true,
      input: { name: "Eva", title: "", active: false, userId: null, serviceIds: [], hours: [] },
    });
  });

  it("refuses hours outside the salon's opening, naming the day and its hours", () => {
    expect(dayError(6, ["09:00", "17:30"])).toBe("El sábado el salón abre de 09:00 a 17:00");
    expect(dayError(1, ["08:30", "12:00"])).toBe("El lunes el salón abre de 09:00 a 21:00");
    expect(dayError(7, ["10:00", "12:00"])).toBe("El domingo el salón está cerrado");
    expect(openingText(5)).toBe("El viernes el salón abre de 09:00 a 21:00");
  });

  it("refuses inverted, overlapping, incomplete and malformed ranges", () => {
    expect(dayError(2, ["14:00", "10:00"])).toBe("El martes: el tramo 14:00–10:00 termina antes de empezar");
    expect(dayError(2, ["10:00", "10:00"])).toMatch(/termina antes de empezar/u);
    expect(dayError(3, ["09:00", "14:00"], ["13:00", "18:00"])).toBe("El miércoles: los dos tramos se solapan");
    expect(dayError(4, ["09:00", ""])).toBe("El jueves: escribe la hora de inicio y la de fin de cada tramo");
    expect(dayError(5, ["9h", "12:00"])).toBe("El viernes: escribe las horas como HH:MM, por ejemplo 09:30");
    expect(dayError(5, ["09:02", "12:00"])).toBe("El viernes: usa horas en múltiplos de 5 minutos");
    // Touching ranges are fine.
    expect(parseDayRanges(3, hours(3, ["09:00", "14:00"], ["14:00", "18:00"])).ok).toBe(true);
  });

  it("answers every bad day and field at once, echoing what was typed", () => {
    const values = { name: "", ...hours(6, ["08:00", "12:00"]), ...hours(2, ["12:00", "11:00"]) };
    const r = parseProfessionalForm({ values, lists: { services: ["manicura"] } });
    expect(r).toEqual({
      ok: false,
      errors: {
        name: "Escribe el nombre",
        [dayErrorKey(2)]: "El martes: el tramo 12:00–11:00 termina antes de empezar",
        [dayErrorKey(6)]: "El sábado el salón abre de 09:00 a 17:00",
      },
      values,
      lists: { services: ["manicura"] },
    });
  });

  it("shows stored hours back in the form and sums up a week", () => {
    const stored = {
      name: "Laura",
      title: "",
      active: true,
      userId: null,
      serviceIds: ["manicura"],
      hours: [
        { weekday: 1, startsMin: 900, endsMin: 1080 },
        { weekday: 1, startsMin: 540, endsMin: 840 },
        { weekday: 6, startsMin: 540, endsMin: 900 },
      ],
    };
    const form = professionalFormValues(stored);
    expect(form.values).toMatchObject({ [hourField(1, 1, "start")]: "09:00", [hourField(1, 2, "end")]: "18:00" });
    const again = parseProfessionalForm(form);
    expect(again.ok && again.input.hours).toEqual([
      { weekday: 1, startsMin: 540, endsMin: 840 },
      { weekday: 1, startsMin: 900, endsMin: 1080 },
      { weekday: 6, startsMin: 540, endsMin: 900 },
    ]);
    expect(weekSummary(stored.hours)).toBe("lunes 09:00–14:00 y 15:00–18:00 · sábado 09:00–15:00");
  });
});

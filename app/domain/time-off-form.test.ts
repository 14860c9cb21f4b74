import { describe, expect, it } from "vitest";
import { parseTimeOffForm, timeOffText, WHOLE_SALON } from "./time-off-form.ts";

const TODAY = "2026-11-24";

const errorsOf = (values: Record<string, string>) => {
  const r = parseTimeOffForm(values, TODAY);
  if (r.ok) throw new Error("expected errors");
  return r.errors;
};

describe("time-off form", () => {
  it("turns Madrid whole days into UTC instants, across the clock change", () => {
    expect(
      parseTimeOffForm({ who: WHOLE_SALON, kind: "days", from: "2026-12-25", to: "", reason: " Navidad " }, TODAY),
    ).toEqual({
      ok: true,
      input: {
        professionalId: null,
        startsAt: "2026-12-24T23:00:00.000Z",
        endsAt: "2026-12-25T23:00:00.000Z",
        reason: "Navidad",
      },
    });
    // 28 March – 29 March 2027: summer time starts on the night of the 28th.
    const r = parseTimeOffForm({ who: "laura", kind: "days", from: "2027-03-27", to: "2027-03-29" }, TODAY);
    expect(r).toMatchObject({
      ok: true,
      input: { professionalId: "laura", startsAt: "2027-03-26T23:00:00.000Z", endsAt: "2027-03-29T22:00:00.000Z" },
    });
  });

  it("turns a time range on one day into instants", () => {
    const r = parseTimeOffForm(
      { who: "marta", kind: "hours", date: "2027-07-01", start: "10:00", end: "13:30" },
      TODAY,
    );
    expect(r).toMatchObject({
      ok: true,
      input: {
        professionalId: "marta",
        startsAt: "2027-07-01T08:00:00.000Z",
        endsAt: "2027-07-01T11:30:00.000Z",
        reason: "",
      },
    });
  });

  it("explains each refusal in Spanish", () => {
    expect(errorsOf({ who: "", kind: "days", from: "2026-12-01" }).who).toBe("Elige una profesional o «Todo el salón»");
    expect(errorsOf({ who: "laura", kind: "days", from: "2026-11-23" }).from).toBe("Ese día ya ha pasado");
    expect(errorsOf({ who: "laura", kind: "days", from: "2026-02-30" }).from).toBe("Elige el primer día");
    expect(errorsOf({ who: "laura", kind: "days", from: "2026-12-10", to: "2026-12-01" }).to).toBe(
      "El último día no puede ser anterior al primero",
    );
    expect(errorsOf({ who: "laura", kind: "days", from: "2026-12-01", to: "2028-12-01" }).to).toBe(
      "Un bloqueo abarca como mucho 366 días",
    );
    expect(errorsOf({ who: "laura", kind: "hours", date: "2026-12-01", start: "13:00", end: "12:00" }).end).toBe(
      "La hora de fin debe ser posterior a la de inicio",
    );
    expect(errorsOf({ who: "laura", kind: "hours", date: "2026-12-01", start: "25:00", end: "" })).toEqual({
      start: "Escribe la hora de inicio como HH:MM",
      end: "Escribe la hora de fin como HH:MM",
    });
    expect(errorsOf({ who: "laura", kind: "semana" }).kind).toBe("Elige si bloqueas días enteros o unas horas");
    expect(errorsOf({ who: "laura", kind: "days", from: "2026-12-01", reason: "x".repeat(201) }).reason).toMatch(
      /como mucho 200/u,
    );
  });

  it("reads stored blocks back in Madrid time", () => {
    expect(timeOffText("2026-12-24T23:00:00.000Z", "2026-12-25T23:00:00.000Z")).toBe("viernes, 25 de diciembre");
    expect(timeOffText("2027-08-01T22:00:00.000Z", "2027-08-14T22:00:00.000Z")).toBe(
      "del lunes, 2 de agosto al sábado, 14 de agosto",
    );
    expect(timeOffText("2027-07-01T08:00:00.000Z", "2027-07-01T11:30:00.000Z")).toBe(
      "jueves, 1 de julio, de 10:00 a 13:30",
    );
  });
});

import { describe, expect, it } from "vitest";
import { figuresPeriod, figuresPeriodQuery, parseFiguresPeriod } from "./figures-period.ts";

const parse = (query: string, today = "2026-11-24") => parseFiguresPeriod(new URLSearchParams(query), today);

describe("the figures' period", () => {
  it("defaults to today's month", () => {
    const parsed = parse("");
    expect(parsed).toMatchObject({
      ok: true,
      period: { kind: "mes", from: "2026-11-01", to: "2026-11-30", label: "noviembre de 2026" },
    });
    if (parsed.ok) expect(parsed.period.days).toHaveLength(30);
  });

  it("takes calendar months, leap February and December included, with their neighbours", () => {
    expect(figuresPeriod("mes", "2028-02-15")).toMatchObject({
      from: "2028-02-01",
      to: "2028-02-29",
      previous: "2028-01-01",
      next: "2028-03-01",
    });
    expect(figuresPeriod("mes", "2026-12-31")).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-31",
      previous: "2026-11-01",
      next: "2027-01-01",
    });
    expect(figuresPeriod("mes", "2027-01-01").previous).toBe("2026-12-01");
  });

  it("takes ISO weeks, Monday to Sunday, across a month's and a year's end", () => {
    // Thursday 31 December 2026: the week of Monday 28 December to Sunday 3 January.
    const week = figuresPeriod("semana", "2026-12-31");
    expect(week).toMatchObject({ from: "2026-12-28", to: "2027-01-03", previous: "2026-12-21", next: "2027-01-04" });
    expect(week.days).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(week.label).toBe("semana del 28 de diciembre de 2026 al 3 de enero de 2027");
    // A Sunday belongs to the week that began the Monday before; a Monday starts its own.
    expect(figuresPeriod("semana", "2026-11-29").from).toBe("2026-11-23");
    expect(figuresPeriod("semana", "2026-11-30").from).toBe("2026-11-30");
  });

  it("takes one day, across the clock change", () => {
    expect(figuresPeriod("dia", "2026-10-25")).toMatchObject({
      from: "2026-10-25",
      to: "2026-10-25",
      days: ["2026-10-25"],
      previous: "2026-10-24",
      next: "2026-10-26",
      label: "domingo, 25 de octubre de 2026",
    });
  });

  it("refuses a period or date it cannot read, with the reason in Spanish", () => {
    expect(parse("periodo=anio")).toEqual({ ok: false, error: "El periodo no es válido: elige día, semana o mes." });
    for (const fecha of ["2026-02-30", "24/11/2026", "", "1999-12-31", "3000-01-01"]) {
      expect(parse(`periodo=dia&fecha=${fecha}`), fecha).toEqual({
        ok: false,
        error: "La fecha no es válida: escríbela como AAAA-MM-DD.",
      });
    }
    expect(parse("periodo=semana&fecha=2026-11-26")).toMatchObject({ ok: true, period: { from: "2026-11-23" } });
  });

  it("writes the query of a period", () => {
    expect(figuresPeriodQuery("semana", "2026-11-23")).toBe("?periodo=semana&fecha=2026-11-23");
  });
});

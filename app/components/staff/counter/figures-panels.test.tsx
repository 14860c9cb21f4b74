// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { figuresPeriod } from "~/counter/figures-period.ts";
import type { CounterFigures } from "~/counter/figures.ts";
import { MONEY_SPACE } from "~/domain/es-format.ts";
import { DayFigures, FiguresTotals, ItemTable, MethodFigures, ProfessionalFigures } from "./figures-panels.tsx";

afterEach(cleanup);

const eur = (text: string) => text.replaceAll(" ", MONEY_SPACE);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row", { hidden: true })
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));

const period = figuresPeriod("semana", "2026-11-25");
const figures: CounterFigures = {
  professionals: [
    {
      key: "laura",
      professionalId: "laura",
      name: "Laura",
      units: 3,
      netCents: 6450,
      baseCents: 5330,
      commissionCents: 637,
      tipCents: 300,
    },
    {
      key: "-",
      professionalId: null,
      name: "Sin profesional asignada",
      units: 1,
      netCents: 500,
      baseCents: 413,
      commissionCents: 0,
      tipCents: 0,
    },
  ],
  services: [{ key: "pedicura", name: "Pedicura completa", units: 1, netCents: 2700, baseCents: 2231 }],
  products: [],
  methods: [
    { method: "cash", chargedCents: 5300, returnedCents: 1250, netCents: 4050 },
    { method: "bizum", chargedCents: 2700, returnedCents: 0, netCents: 2700 },
  ],
  days: period.days.map((day, i) => ({ day, netCents: i === 1 ? 2700 : i === 2 ? -1250 : 0 })),
  totals: { units: 4, netCents: 6950, baseCents: 5743, commissionCents: 637, tipCents: 300 },
};

describe("the counter's figures panels", () => {
  it("states the totals, tips included", () => {
    render(<FiguresTotals figures={figures} showTips />);
    expect(screen.getByText("Comisiones").nextElementSibling?.textContent).toContain(eur("6,37 €"));
    expect(screen.getByText("Propinas").nextElementSibling?.textContent).toContain(eur("3,00 €"));
  });

  it("lists each professional with her commission and a total, and charts the sales with their table", () => {
    render(<ProfessionalFigures figures={figures} label={period.label} />);
    const table = screen.getByRole("table", { name: `Ventas y comisiones por profesional (${period.label})` });
    expect(rowsOf(table)).toEqual([
      ["Profesional", "Unidades", "Ventas con IVA", "Base sin IVA", "Comisión", "Propinas"],
      ["Laura", "3", eur("64,50 €"), eur("53,30 €"), eur("6,37 €"), eur("3,00 €")],
      ["Sin profesional asignada", "1", eur("5,00 €"), eur("4,13 €"), eur("0,00 €"), eur("0,00 €")],
      ["Total", "4", eur("69,50 €"), eur("57,43 €"), eur("6,37 €"), eur("3,00 €")],
    ]);
    const figure = screen.getByRole("figure", { name: /Ventas por profesional/ });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe(
      `Ventas por profesional: Laura, ${eur("64,50 €")}; Sin profesional asignada, ${eur("5,00 €")}.`,
    );
    expect(within(figure).getByRole("table", { hidden: true })).toBeTruthy();
  });

  it("draws the days of a week with weekday labels, and their table", () => {
    render(<DayFigures figures={figures} period={period} />);
    const figure = screen.getByRole("figure", { name: /Ventas por día/ });
    const chart = within(figure).getByRole("img");
    expect(chart.querySelectorAll("rect")).toHaveLength(7);
    // Every weekday named, its date under it.
    const labels = [...chart.querySelectorAll("text")].map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(["lun", "23", "mar", "24", "dom", "29"]));
    const rows = rowsOf(within(figure).getByRole("table", { hidden: true }));
    expect(rows[0]).toEqual(["Día", "Ventas con IVA"]);
    expect(rows[3]).toEqual(["miércoles, 25 de noviembre de 2026", eur("−12,50 €")]);
  });

  it("lists services and the money by method, with a chart of the net", () => {
    render(
      <>
        <ItemTable caption="Ventas por servicio" noun="Servicio" rows={figures.services} />
        <MethodFigures figures={figures} label={period.label} />
      </>,
    );
    expect(rowsOf(screen.getByRole("table", { name: "Ventas por servicio" }))[1]).toEqual([
      "Pedicura completa",
      "1",
      eur("27,00 €"),
      eur("22,31 €"),
    ]);
    expect(rowsOf(screen.getAllByRole("table", { name: /Cobros por método de pago/ })[0]!)).toEqual([
      ["Método", "Cobrado", "Devuelto", "Neto"],
      ["Efectivo", eur("53,00 €"), eur("12,50 €"), eur("40,50 €")],
      ["Bizum", eur("27,00 €"), eur("0,00 €"), eur("27,00 €")],
    ]);
    expect(screen.getByRole("figure", { name: /Cobros netos por método de pago/ })).toBeTruthy();
  });
});

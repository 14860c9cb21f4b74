// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { MONEY_SPACE } from "~/domain/es-format.ts";
import { OrdersByMethodChart, RevenueByMonthChart, SeatsByEditionChart } from "./panel-charts.tsx";

afterEach(cleanup);

const eur = (text: string) => text.replaceAll(" ", MONEY_SPACE);

/** The data table's rows as text: header cell, then the other cells. */
function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row", { hidden: true })
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}

describe("panel charts", () => {
  it("draws revenue by month as an image with a summary, and its data table", () => {
    const months = [
      { month: "2026-12", cents: 0, orders: 0 },
      { month: "2027-01", cents: 40000, orders: 2 },
      { month: "2027-02", cents: 33050, orders: 3 },
    ];
    render(<RevenueByMonthChart months={months} />);
    const figure = screen.getByRole("figure", { name: /Ingresos por mes/ });
    const chart = within(figure).getByRole("img");
    expect(chart.getAttribute("aria-label")).toBe(
      `Ingresos por mes, de diciembre de 2026 a febrero de 2027: ${eur("730,50 €")} en total; el mes más alto fue enero de 2027, con ${eur("400,00 €")}.`,
    );
    // One bar per month, the tallest for January.
    const bars = [...chart.querySelectorAll("rect")];
    expect(bars).toHaveLength(3);
    expect(Number(bars[1].getAttribute("height"))).toBeGreaterThan(Number(bars[2].getAttribute("height")));
    expect(Number(bars[0].getAttribute("height"))).toBe(0);
    expect(chart.textContent).toContain("dic");
    expect(chart.textContent).toContain("2027");

    const table = within(figure).getByRole("table", { name: "Ingresos por mes (últimos 12 meses)", hidden: true });
    expect(tableRows(table)).toEqual([
      ["Mes", "Ingresos", "Pedidos"],
      ["diciembre de 2026", eur("0,00 €"), "0"],
      ["enero de 2027", eur("400,00 €"), "2"],
      ["febrero de 2027", eur("330,50 €"), "3"],
    ]);
    expect(within(figure).getByText("Ver datos").tagName).toBe("SUMMARY");
  });

  it("never draws two years side by side («20252026») when January follows the first month", () => {
    const months = Array.from({ length: 12 }, (_, i) => {
      const index = 2025 * 12 + 11 + i;
      return { month: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`, cents: 100, orders: 1 };
    });
    render(<RevenueByMonthChart months={months} />);
    const texts = [...screen.getByRole("img").querySelectorAll("text")].map((t) => t.textContent);
    expect(texts).not.toContain("2025");
    expect(texts.filter((t) => t === "2026")).toHaveLength(1);
    // Every month keeps its three-letter name.
    expect(texts).toEqual(expect.arrayContaining(["dic", "ene", "sep", "nov"]));
  });

  it("draws orders by method as horizontal bars with their table", () => {
    render(
      <OrdersByMethodChart
        methods={[
          { key: "card", name: "Tarjeta de crédito o débito", orders: 2, cents: 13000 },
          { key: "klarna", name: "Klarna - Paga en 3", orders: 1, cents: 20000 },
          { key: "sequra", name: "SeQura", orders: 0, cents: 0 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: /Pedidos por método de pago/ });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe(
      "Pedidos cobrados por método de pago en los últimos 12 meses: Tarjeta de crédito o débito, 2; Klarna - Paga en 3, 1; SeQura, 0.",
    );
    expect(within(figure).getByRole("img").textContent).toContain("2 pedidos");
    expect(tableRows(within(figure).getByRole("table", { hidden: true }))).toEqual([
      ["Método", "Pedidos", "Ingresos"],
      ["Tarjeta de crédito o débito", "2", eur("130,00 €")],
      ["Klarna - Paga en 3", "1", eur("200,00 €")],
      ["SeQura", "0", eur("0,00 €")],
    ]);
  });

  it("draws seats taken against seats offered, over capacity included", () => {
    render(
      <SeatsByEditionChart
        editions={[
          { editionId: "e1", courseTitle: "Curso Beta", startsOn: "2027-02-15", seats: 6, taken: 7 },
          { editionId: "e2", courseTitle: "Curso Alfa", startsOn: "2027-03-01", seats: 10, taken: 4 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: /Plazas de las próximas convocatorias/ });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe(
      "Plazas ocupadas de las próximas convocatorias: Curso Beta · 15 de febrero de 2027, 7 de 6; Curso Alfa · 1 de marzo de 2027, 4 de 10.",
    );
    expect(tableRows(within(figure).getByRole("table", { hidden: true }))).toEqual([
      ["Convocatoria", "Ocupadas", "Ofrecidas", "Libres"],
      ["Curso Beta · 15 de febrero de 2027", "7", "6", "0"],
      ["Curso Alfa · 1 de marzo de 2027", "4", "10", "6"],
    ]);
  });

  it("renders on the server with a responsive viewBox and table headers with scope", () => {
    const html = renderToString(<RevenueByMonthChart months={[{ month: "2027-02", cents: 1000, orders: 1 }]} />);
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 360 220"[^>]*role="img"/);
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<th scope="row">febrero de 2027</th>');
    expect(html).toContain("<caption>Ingresos por mes (últimos 12 meses)</caption>");
  });
});

// @vitest-environment happy-dom
// Gestión → Caja → Cierre: the open day's movements and count form (one labelled
// numeric field per denomination, a running total), and the closed day's
// difference in words, its Z report tables and the owner's reopening.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CashDayState } from "~/counter/cash-day-state.server.ts";
import { DENOMINATIONS } from "~/counter/cash-count.ts";
import type { ZReport } from "~/counter/z-report.server.ts";
import StaffCashClose from "~/routes/gestion.caja.cierre.tsx";

afterEach(cleanup);

const baseState: CashDayState = {
  day: "2026-11-24",
  opened: true,
  floatCents: 10_000,
  openedAt: "2026-11-24T08:00:00.000Z",
  openedBy: "Eva Caja",
  movements: [
    {
      id: "m1",
      direction: "out",
      amountCents: 1_500,
      reason: "Algodón",
      createdAt: "2026-11-24T10:00:00.000Z",
      createdBy: "Eva Caja",
    },
  ],
  cashInCents: 0,
  cashOutCents: 1_500,
  cashSalesCents: 3_500,
  cashReturnsCents: 0,
  expectedCents: 12_000,
  takenByMethod: { cash: 3_500, card: 4_500, bizum: 0 },
  returnedByMethod: { cash: 0, card: 0, bizum: 0 },
  cardCents: 4_500,
  bizumCents: 0,
  closed: false,
  close: null,
  reopenCount: 0,
};

function pageData(over: { state?: Partial<CashDayState>; report?: ZReport | null; isOwner?: boolean } = {}) {
  return {
    day: "2026-11-24",
    today: "2026-11-24",
    dayText: "martes, 24 de noviembre de 2026",
    previous: "2026-11-23",
    next: "2026-11-25",
    canOpen: true,
    isOwner: over.isOwner ?? false,
    state: { ...baseState, ...over.state },
    openedAtText: "24 de noviembre de 2026, 09:00",
    closedAtText: over.state?.closed ? "24 de noviembre de 2026, 20:30" : null,
    movementTimes: { m1: "11:00" },
    report: over.report ?? null,
    denominations: DENOMINATIONS.map((d) => ({ ...d })),
    notice: null,
  };
}

async function renderPage(loaderData: ReturnType<typeof pageData>) {
  const Stub = createRoutesStub([
    {
      path: "/gestion/caja/cierre",
      Component: StaffCashClose as never,
      loader: () => loaderData,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/gestion/caja/cierre"]} />);
  await screen.findByRole("heading", { level: 1, name: "Cierre de caja" });
}

describe("Gestión → Caja → Cierre", () => {
  it("an open day: movements, a numeric field per denomination and a running total", async () => {
    await renderPage(pageData());
    const movements = screen.getByRole("table", { name: "Movimientos del día" });
    expect(within(movements).getByText("Algodón")).toBeTruthy();
    const notes = screen.getByRole("group", { name: "Billetes" });
    const fifty = within(notes).getByLabelText("50 €") as HTMLInputElement;
    expect(fifty.name).toBe("d5000");
    expect(fifty.getAttribute("inputmode")).toBe("numeric");
    const coins = screen.getByRole("group", { name: "Monedas" });
    expect(within(coins).getAllByRole("textbox")).toHaveLength(8);
    expect(within(coins).getByLabelText("1 céntimo")).toBeTruthy();
    fireEvent.input(fifty, { target: { value: "2" } });
    fireEvent.input(within(coins).getByLabelText("2 €"), { target: { value: "10" } });
    expect(document.querySelector("output")?.textContent).toBe("120,00\u00a0€");
    expect(screen.getByRole("button", { name: "Cerrar la caja" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reabrir la caja" })).toBeNull();
  });

  it("a closed day: the difference in words, the Z report's tables, the owner's reopening", async () => {
    const report: ZReport = {
      day: "2026-11-24",
      salesCount: 2,
      salesTotalCents: 7_500,
      tipsCents: 500,
      takenCents: 8_000,
      byMethod: [
        { method: "cash", takenCents: 3_500, returnedCents: 0, netCents: 3_500 },
        { method: "card", takenCents: 4_500, returnedCents: 0, netCents: 4_500 },
        { method: "bizum", takenCents: 0, returnedCents: 0, netCents: 0 },
      ],
      byVat: [{ rateBp: 2100, baseCents: 6_198, vatCents: 1_302, totalCents: 7_500 }],
      refundsByVat: [],
      salesWithoutInvoice: 0,
      returns: { count: 0, totalCents: 0 },
      perProfessional: [{ professionalId: null, name: "Sin profesional", lines: 1, netCents: 7_500 }],
      cash: baseState,
    };
    const close = {
      closedAt: "2026-11-24T19:30:00.000Z",
      closedBy: "Eva Caja",
      expectedCents: 12_000,
      countedCents: 11_800,
      differenceCents: -200,
      detail: { "10000": 1, "1000": 1, "200": 4 },
      note: "Cambio mal dado",
    };
    await renderPage(pageData({ state: { closed: true, close }, report, isOwner: true }));
    const diff = document.querySelector(".cash-diff");
    expect(diff?.textContent).toBe("Diferencia: Faltan 2,00\u00a0€");
    expect(diff?.className).toContain("cash-diff--short");
    const count = screen.getByRole("table", { name: "Recuento del cajón" });
    expect(within(count).getByRole("rowheader", { name: "Billete de 100 €" })).toBeTruthy();
    const methods = screen.getByRole("table", { name: "Por forma de pago (propinas incluidas)" });
    expect(within(methods).getByRole("rowheader", { name: "Tarjeta" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "Ventas por tipo de IVA (facturas del día)" })).toBeTruthy();
    const pros = screen.getByRole("table", { name: "Por profesional (importe neto de las líneas vendidas)" });
    expect(within(pros).getByRole("rowheader", { name: "Sin profesional" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cerrar la caja" })).toBeNull();
    const reason = screen.getByLabelText("Motivo") as HTMLTextAreaElement;
    expect(reason.required).toBe(true);
    expect(
      (screen.getByLabelText("Confirmo que quiero reabrir la caja de este día") as HTMLInputElement).required,
    ).toBe(true);
    expect(screen.getByRole("button", { name: "Reabrir la caja" })).toBeTruthy();
  });
});

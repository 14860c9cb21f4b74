// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderView } from "~/orders/queries.server.ts";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";
import { ProfilePurchases } from "./profile-purchases.tsx";

afterEach(cleanup);

const order: OrderView = {
  id: "o1",
  status: "paid",
  totalCents: 164900,
  currency: "eur",
  paymentMethod: "card",
  createdAt: "2026-11-24T10:00:00.000Z",
  paidAt: "2026-11-24T10:01:00.000Z",
  refundedCents: 0,
  demo: false,
  kind: "courses",
  items: [{ courseId: "expert-nails", title: "Expert Nails", priceCents: 164900 }],
  invoices: [{ id: "i1", number: "AN2026-000001", kind: "F1", demo: false }],
};

/** The words the profile's loaders send (the /perfil layout's and the account area's). */
const namespaces = ["common", "account", "orders", "checkout.method"];

describe("ProfilePurchases", () => {
  it("names every cell after its column, for the phone's card layout, and writes the amount in the one format", () => {
    renderWithMessages(<ProfilePurchases orders={[order]} />, { path: "/perfil/compras", namespaces });
    const table = screen.getByRole("table", { name: "Historial de compras" });
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
    const row = table.querySelector("tbody tr")!;
    expect([...row.querySelectorAll("td")].map((td) => td.getAttribute("data-label"))).toEqual(headers);
    expect(row.querySelector('td[data-label="Importe"]')?.textContent).toBe("1.649,00\u00a0€");
    expect(screen.getByRole("link", { name: /Factura AN2026-000001/ }).getAttribute("href")).toBe(
      "/perfil/compras/facturas/i1",
    );
  });

  it("speaks Catalan on the Catalan page: columns, date, method, status and the withdrawal link", () => {
    const demo = { ...order, demo: true, invoices: [{ ...order.invoices[0]!, demo: true }] };
    renderWithMessages(<ProfilePurchases orders={[demo]} withdrawal={{ o1: "open" }} />, {
      path: "/ca/perfil/compres",
      namespaces,
    });
    const table = screen.getByRole("table", { name: "Historial de compres" });
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
    expect(headers).toEqual(["Data", "Cursos", "Mètode de pagament", "Import", "Estat", "Factures"]);
    const row = table.querySelector("tbody tr")!;
    expect(row.querySelector('td[data-label="Data"]')?.textContent).toBe("24 de novembre de 2026");
    expect(row.querySelector('td[data-label="Mètode de pagament"]')?.textContent).toBe("Targeta de crèdit o dèbit");
    expect(row.querySelector('td[data-label="Import"]')?.textContent).toBe("1.649,00\u00a0€");
    const withdraw = screen.getByRole("link", { name: "Desisteix del contracte: Expert Nails" });
    expect(withdraw.getAttribute("href")).toBe("/ca/perfil/compres/o1/desistiment");
    // A demo sale's document is no invoice, in Catalan too; the file keeps its one address.
    const document = screen.getByRole("link", { name: /Document de demostració AN2026-000001/ });
    expect(document.textContent).toContain("(sense validesa fiscal)");
    expect(document.getAttribute("href")).toBe("/perfil/compras/facturas/i1");
    expect(table.textContent).toContain("Completada");
    expect(table.textContent).toContain("Demo · sense cobrament");
    expect(table.textContent).not.toMatch(/Fecha|Importe|Estado|Desistir|noviembre|sin cobro/u);
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderView } from "~/orders/queries.server.ts";
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

describe("ProfilePurchases", () => {
  it("names every cell after its column, for the phone's card layout, and writes the amount in the one format", () => {
    const Stub = createRoutesStub([
      { path: "/perfil/compras", Component: () => <ProfilePurchases orders={[order]} /> },
    ]);
    render(<Stub initialEntries={["/perfil/compras"]} />);
    const table = screen.getByRole("table", { name: "Historial de compras" });
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
    const row = table.querySelector("tbody tr")!;
    expect([...row.querySelectorAll("td")].map((td) => td.getAttribute("data-label"))).toEqual(headers);
    expect(row.querySelector('td[data-label="Importe"]')?.textContent).toBe("1.649,00\u00a0€");
    expect(screen.getByRole("link", { name: /Factura AN2026-000001/ }).getAttribute("href")).toBe(
      "/perfil/compras/facturas/i1",
    );
  });
});

// @vitest-environment happy-dom
// Gestión → one order: buyer, amounts, lines, invoices and refunds come first;
// the gateway's events and the full id wait in a closed "Detalles técnicos".
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import StaffOrder from "~/routes/gestion.pedidos.pedido.tsx";

afterEach(cleanup);

const ORDER_ID = "3f2a9c1e-1111-4222-8333-444455556666";

function renderOrder() {
  const loaderData = {
    order: {
      id: ORDER_ID,
      status: "paid",
      totalCents: 29500,
      refundedCents: 0,
      paymentMethod: "card",
      provider: "stripe",
      demo: false,
      email: "ana@example.com",
      createdAt: "2026-11-30T09:15:00.000Z",
      updatedAt: "2026-11-30T09:16:00.000Z",
      paidAt: "2026-11-30T09:16:00.000Z",
      checkoutCompletedAt: "2026-11-30T09:16:00.000Z",
      confirmationSentAt: null,
      withdrawalWaiverAt: null,
    },
    buyer: { name: "Ana López", email: "ana@example.com", phone: "600 000 000" },
    items: [{ id: "i1", title: "Uñas acrílicas", priceCents: 29500, editionStartsOn: null, editionEndsOn: null }],
    events: [
      { id: "evt_1234567890abcdef", type: "checkout.session.completed", receivedAt: "2026-11-30T09:16:00.000Z" },
    ],
    emails: [],
    refunds: [],
    history: [{ at: "2026-11-30T09:15:00.000Z", label: "Pedido creado, pendiente de pago" }],
    notice: null,
    withdrawal: null,
    invoices: [
      {
        id: "inv-1",
        number: "AN2026-000007",
        label: "Factura simplificada",
        issueDate: "2026-11-30",
        totalCents: 29500,
      },
    ],
  };
  const path = `/gestion/pedidos/${ORDER_ID}`;
  const Stub = createRoutesStub([
    {
      path: "/gestion/pedidos/:orderId",
      Component: StaffOrder as never,
      loader: () => loaderData,
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("staff order page", () => {
  it("leads with what staff need and folds the technical details away", async () => {
    renderOrder();
    await screen.findByRole("heading", { level: 1, name: "Pedido 3F2A9C1E" });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 4)).toEqual(["Comprador", "Importes", "Cursos", "Facturas"]);
    expect(headings.indexOf("Reembolsos")).toBeLessThan(headings.indexOf("Avisos de pago recibidos"));

    const pdf = screen.getByRole("link", { name: "PDF de factura simplificada AN2026-000007" });
    expect(pdf.getAttribute("href")).toBe("/gestion/facturas/inv-1/pdf");
    expect(screen.getByRole("link", { name: "Reembolsar…" })).toBeTruthy();

    const details = document.querySelector("details.staff-technical") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")?.textContent).toBe("Detalles técnicos");
    expect(within(details).getByRole("table", { name: "Avisos de la pasarela de pago" })).toBeTruthy();
    // The full id and the gateway's event ids appear only inside it.
    const outside = document.body.textContent!.replace(details.textContent!, "");
    expect(details.textContent).toContain(ORDER_ID);
    expect(outside).not.toContain(ORDER_ID);
    expect(outside).not.toContain("evt_1234567890abcdef");
    // The last thing in the article.
    expect(details.parentElement?.lastElementChild).toBe(details);
  });
});

// @vitest-environment happy-dom
// Gestión → Auditoría: actions, records, fields and values in words; a side that
// was not recorded is not drawn (no "después: —").
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { auditChanges } from "~/domain/audit-diff.ts";
import AuditLog from "~/routes/gestion.auditoria.tsx";

afterEach(cleanup);

const entry = (id: string, action: string, actionLabel: string, before: unknown, after: unknown) => ({
  id,
  createdAt: "2026-11-30T09:15:00.000Z",
  when: "30 nov 2026, 10:15",
  actor: "duena@example.com",
  action,
  actionLabel,
  entityType: "order",
  entityLabel: "Pedido",
  entityId: "3f2a9c1e-1111-4222-8333-444455556666",
  entityIdText: "3F2A9C1E",
  changes: auditChanges(
    before === undefined ? null : JSON.stringify(before),
    after === undefined ? null : JSON.stringify(after),
    "order",
  ),
});

describe("audit log page", () => {
  it("shows a refund in words, with the order before and the refund after", async () => {
    const loaderData = {
      types: [{ value: "order", label: "Pedido" }],
      entityType: "",
      page: 1,
      pageCount: 1,
      total: 1,
      entries: [
        entry(
          "a1",
          "order.refund",
          "Reembolso de pedido",
          { status: "paid", totalCents: 29500 },
          { amountCents: 10000, reason: "customer-request" },
        ),
      ],
    };
    const Stub = createRoutesStub([
      {
        path: "/gestion/auditoria",
        Component: AuditLog as never,
        loader: () => loaderData,
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/gestion/auditoria"]} />);
    const table = await screen.findByRole("table");
    const row = within(table).getAllByRole("row")[1]!;
    const text = row.textContent!;
    expect(text).toContain("30 nov 2026, 10:15");
    expect(text).toContain("Reembolso de pedido");
    expect(text).toContain("Pedido 3F2A9C1E");
    expect(text).toContain("Estado (antes)Completado");
    expect(text).toContain("Importe100,00\u00a0€");
    expect(text).toContain("MotivoA petición de la alumna");
    expect(text).not.toContain("order.refund");
    expect(text).not.toContain("—");
    expect(text).not.toContain("2026-11-30T");
  });
});

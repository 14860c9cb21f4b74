// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { translator } from "~/i18n/messages.ts";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";
import { DemoBadge, StatusBadge } from "../status-badge.tsx";
import { editionDatesIn, purchaseStatusLabel, purchaseStatusName } from "./order-text.ts";

afterEach(cleanup);

const es = translator("es", messagesFor("es", ["orders"]));
const ca = translator("ca", messagesFor("ca", ["orders"]));

describe("an order's phrases in the page's language", () => {
  it("writes an edition's dates like the domain does, in either language", () => {
    expect(editionDatesIn(es, "2027-12-30", "2028-01-02")).toBe("30 de diciembre de 2027 – 2 de enero de 2028");
    expect(editionDatesIn(ca, "2027-12-30", "2028-01-02")).toBe("30 de desembre de 2027 – 2 de gener de 2028");
    expect(editionDatesIn(ca, "2027-03-01", "2027-03-01")).toBe("1 de març de 2027");
    expect(editionDatesIn(es, null, null)).toBe("Fecha por confirmar");
  });

  it("names each status as the domain's badge does in Spanish, with its tone", () => {
    const cases: [string, { refundedCents: number; totalCents: number } | undefined][] = [
      ["paid", undefined],
      ["completed", undefined],
      ["pending", undefined],
      ["failed", undefined],
      ["refunded", undefined],
      ["cancelled", undefined],
      ["partially-refunded", undefined],
      ["paid", { refundedCents: 1000, totalCents: 28000 }],
      ["paid", { refundedCents: 28000, totalCents: 28000 }],
      ["lo-que-sea", undefined],
    ];
    for (const [status, amounts] of cases) {
      const name = purchaseStatusName(status, amounts);
      expect(purchaseStatusLabel(es, name), status).toBe(purchaseStatusView(status, amounts).label);
      expect(purchaseStatusView(name).tone, status).toBe(purchaseStatusView(status, amounts).tone);
    }
    expect(purchaseStatusLabel(ca, purchaseStatusName("paid", { refundedCents: 1, totalCents: 2 }))).toBe(
      "Reemborsament parcial",
    );
  });

  it("draws the badges in Catalan on a Catalan page", () => {
    renderWithMessages(
      <p>
        <StatusBadge status="paid" amounts={{ refundedCents: 0, totalCents: 100 }} />
        <DemoBadge demo />
      </p>,
      { path: "/ca/compra-completada", namespaces: ["orders"] },
    );
    expect(screen.getByText("Completada").className).toBe("status-badge status-badge--success");
    expect(screen.getByText("Demo · sense cobrament")).toBeTruthy();
  });
});

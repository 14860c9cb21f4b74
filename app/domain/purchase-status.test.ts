import { describe, expect, it } from "vitest";
import { purchaseStatusView } from "./purchase-status.ts";

describe("purchaseStatusView", () => {
  it.each([
    ["completed", "Completado", "success"],
    ["paid", "Completado", "success"],
    ["pending", "Pendiente", "warning"],
    ["failed", "Fallido", "danger"],
    ["refunded", "Reembolsado", "neutral"],
    ["cancelled", "Cancelado", "neutral"],
    // The staff's filter value for a paid order partly given back (no stored status of its own).
    ["partially-refunded", "Reembolso parcial", "neutral"],
  ])("%s → %s (%s)", (status, label, tone) => {
    expect(purchaseStatusView(status)).toEqual({ label, tone });
  });

  it.each(["", "weird", "toString", "__proto__", null, undefined])("unknown %j shows as pending", (status) => {
    expect(purchaseStatusView(status)).toEqual({ label: "Pendiente", tone: "warning" });
  });

  it("a paid order partly given back reads Reembolso parcial; fully given back stays as its status says", () => {
    expect(purchaseStatusView("paid", { refundedCents: 1000, totalCents: 28000 })).toEqual({ label: "Reembolso parcial", tone: "neutral" });
    expect(purchaseStatusView("paid", { refundedCents: 0, totalCents: 28000 }).label).toBe("Completado");
    expect(purchaseStatusView("refunded", { refundedCents: 28000, totalCents: 28000 }).label).toBe("Reembolsado");
  });
});

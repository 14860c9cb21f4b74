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
  ])("%s → %s (%s)", (status, label, tone) => {
    expect(purchaseStatusView(status)).toEqual({ label, tone });
  });

  it.each(["", "weird", "toString", "__proto__", null, undefined])("unknown %j shows as pending", (status) => {
    expect(purchaseStatusView(status)).toEqual({ label: "Pendiente", tone: "warning" });
  });
});

import { describe, expect, it } from "vitest";
import { NOTIFY_KINDS, NOTIFY_LABELS, refundNotifyKind } from "./salon-notify.ts";

describe("salon notices", () => {
  it("tells a withdrawal from any other refund", () => {
    expect(refundNotifyKind("withdrawal")).toBe("withdrawal");
    expect(refundNotifyKind("duplicate-purchase")).toBe("refund");
    expect(refundNotifyKind("staff")).toBe("refund");
    expect(refundNotifyKind("")).toBe("refund");
  });

  it("names every kind in Spanish", () => {
    expect(NOTIFY_KINDS.map((k) => NOTIFY_LABELS[k])).toEqual(["Ventas", "Desistimientos", "Reembolsos"]);
  });
});

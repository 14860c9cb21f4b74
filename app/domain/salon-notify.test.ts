import { describe, expect, it } from "vitest";
import { NOTIFY_KINDS, NOTIFY_LABELS, parseNotifyAddress, refundNotifyKind } from "./salon-notify.ts";

describe("salon notices", () => {
  it("tells a withdrawal from any other refund", () => {
    expect(refundNotifyKind("withdrawal")).toBe("withdrawal");
    expect(refundNotifyKind("duplicate-purchase")).toBe("refund");
    expect(refundNotifyKind("staff")).toBe("refund");
    expect(refundNotifyKind("")).toBe("refund");
  });

  it("names every kind in Spanish", () => {
    expect(NOTIFY_KINDS.map((k) => NOTIFY_LABELS[k])).toEqual([
      "Ventas",
      "Desistimientos",
      "Reembolsos",
      "Citas nuevas",
      "Citas anuladas por la clienta",
    ]);
  });

  it("takes one plain address for the notices, or nothing for the default", () => {
    expect(parseNotifyAddress("  Recepcion@Salon.es ")).toBe("recepcion@salon.es");
    expect(parseNotifyAddress("")).toBe("");
    expect(parseNotifyAddress("   ")).toBe("");
    for (const bad of ["no-es-un-correo", "a@b", "Ana <ana@salon.es>", "a@salon.es, b@salon.es", "a b@salon.es"]) {
      expect(parseNotifyAddress(bad), bad).toBeNull();
    }
    expect(parseNotifyAddress(`${"a".repeat(250)}@salon.es`)).toBeNull();
    expect(parseNotifyAddress(undefined)).toBeNull();
    expect(parseNotifyAddress(["a@salon.es"])).toBeNull();
  });
});

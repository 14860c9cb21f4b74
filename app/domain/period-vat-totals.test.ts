import { describe, expect, it } from "vitest";
import { periodVatRows } from "./period-vat-totals.ts";

describe("periodVatRows", () => {
  it("gives the general rate what the other lines leave of the invoices' totals", () => {
    expect(
      periodVatRows({
        invoices: 3,
        baseCents: 23140 + 45000,
        vatCents: 4860,
        others: [{ vatTreatment: "exempt", vatRateBp: 0, baseCents: 45000, vatCents: 0 }],
        invoicesWithOthers: 1,
      }),
    ).toEqual([
      { vatTreatment: "standard", vatRateBp: 2100, baseCents: 23140, vatCents: 4860 },
      { vatTreatment: "exempt", vatRateBp: 0, baseCents: 45000, vatCents: 0 },
    ]);
  });

  it("has no general-rate row when every invoice is exempt", () => {
    expect(
      periodVatRows({
        invoices: 2,
        baseCents: 90000,
        vatCents: 0,
        others: [{ vatTreatment: "exempt", vatRateBp: 0, baseCents: 90000, vatCents: 0 }],
        invoicesWithOthers: 2,
      }),
    ).toEqual([{ vatTreatment: "exempt", vatRateBp: 0, baseCents: 90000, vatCents: 0 }]);
  });

  it("keeps a general-rate row at zero when an invoice and its rectificativa cancel out", () => {
    expect(periodVatRows({ invoices: 2, baseCents: 0, vatCents: 0, others: [], invoicesWithOthers: 0 })).toEqual([
      { vatTreatment: "standard", vatRateBp: 2100, baseCents: 0, vatCents: 0 },
    ]);
  });

  it("has no row at all for a period without invoices", () => {
    expect(periodVatRows({ invoices: 0, baseCents: 0, vatCents: 0, others: [], invoicesWithOthers: 0 })).toEqual([]);
  });

  it("orders other standard rates before exempt, higher first", () => {
    const rows = periodVatRows({
      invoices: 2,
      baseCents: 10000 + 5000 + 1000,
      vatCents: 2100 + 500,
      others: [
        { vatTreatment: "exempt", vatRateBp: 0, baseCents: 1000, vatCents: 0 },
        { vatTreatment: "standard", vatRateBp: 1000, baseCents: 5000, vatCents: 500 },
      ],
      invoicesWithOthers: 1,
    });
    expect(rows.map((r) => [r.vatTreatment, r.vatRateBp, r.baseCents, r.vatCents])).toEqual([
      ["standard", 2100, 10000, 2100],
      ["standard", 1000, 5000, 500],
      ["exempt", 0, 1000, 0],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { fitAxisLabels, labelWidth, yearMarks } from "./chart-labels.ts";

/** The panel's and Facturas' bar chart: 294 units of plot, month labels at 11, years at 10. */
const PLOT = 294;

/** Every pair of kept labels is at least `gap` apart (estimated widths). */
function noOverlap(labels: (string | undefined)[], slot: number, fontSize: number, gap = 4): boolean {
  const boxes = labels.flatMap((text, i) =>
    text ? [{ left: i * slot - labelWidth(text, fontSize) / 2, right: i * slot + labelWidth(text, fontSize) / 2 }] : [],
  );
  return boxes.every((b, i) => i === 0 || boxes[i - 1].right + gap <= b.left);
}

describe("yearMarks", () => {
  it("marks the first month and every January", () => {
    expect(yearMarks(["2025-12", "2026-01", "2026-02"])).toEqual(["2025", "2026", undefined]);
    expect(yearMarks(["2026-03", "2026-04"])).toEqual(["2026", undefined]);
  });
});

describe("fitAxisLabels", () => {
  it("drops the first year when January is the next bar: never «20252026»", () => {
    const months = ["2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05"];
    const slot = PLOT / 12;
    const years = fitAxisLabels(yearMarks(months), { slot, fontSize: 10 });
    expect(years).toEqual([undefined, "2026", undefined, undefined, undefined, undefined]);
  });

  it("keeps the first year when January is far enough away", () => {
    const months = ["2026-11", "2026-12", "2027-01"];
    expect(fitAxisLabels(yearMarks(months), { slot: PLOT / 12, fontSize: 10 })).toEqual(["2026", undefined, "2027"]);
  });

  it("shows every short month name of a 12-month chart", () => {
    const names = ["mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic", "ene", "feb"];
    expect(fitAxisLabels(names, { slot: PLOT / 12, fontSize: 11 })).toEqual(names);
  });

  it("thins 24 months to every other one, keeping the latest", () => {
    const names = Array.from({ length: 24 }, (_, i) => ["ene", "feb", "mar", "abr"][i % 4]);
    const kept = fitAxisLabels(names, { slot: PLOT / 24, fontSize: 11 });
    expect(kept.at(-1)).toBe("abr");
    expect(kept.filter(Boolean)).toHaveLength(12);
    expect(noOverlap(kept, PLOT / 24, 11)).toBe(true);
  });

  it("never lets two kept labels touch, whatever the count of bars", () => {
    for (let count = 1; count <= 36; count++) {
      const months = Array.from({ length: count }, (_, i) => {
        const index = 2024 * 12 + 10 + i;
        return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
      });
      const slot = PLOT / count;
      expect(noOverlap(fitAxisLabels(yearMarks(months), { slot, fontSize: 10 }), slot, 10), `${count}`).toBe(true);
      const names = months.map(() => "sep");
      expect(noOverlap(fitAxisLabels(names, { slot, fontSize: 11 }), slot, 11), `${count}`).toBe(true);
    }
  });

  it("keeps missing labels missing and the input's length", () => {
    expect(fitAxisLabels([undefined, "a", undefined], { slot: 50, fontSize: 10 })).toEqual([undefined, "a", undefined]);
    expect(fitAxisLabels([], { slot: 10, fontSize: 10 })).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PROVIDER, isDemoOrder, seriesName, seriesOfDocument, seriesOfOrder } from "./series.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { attachedDocumentSentence, documentLabel } from "./document-texts.server.ts";

const es = serverTranslator("es");

describe("the series of a sale's documents", () => {
  it("sends a demo gateway's sale to the demo series, any other to the real one", () => {
    expect(isDemoOrder({ provider: DEMO_PROVIDER })).toBe(true);
    expect(seriesOfOrder({ provider: "demo" })).toBe("demo");
    expect(seriesOfOrder({ provider: "stripe" })).toBe("real");
    // A rectificativa follows the document it rectifies (an invoice issued before 0015 stays real).
    expect(seriesOfDocument({ demo: 1 })).toBe("demo");
    expect(seriesOfDocument({ demo: 0 })).toBe("real");
  });

  it("names the series: the real ones as before, the demo ones apart and never like a real prefix", () => {
    const name = (series: "real" | "demo", kind: "F1" | "F2" | "R4" | "R5") =>
      seriesName({ series, prefix: "AN", kind, year: "2026" });
    expect([name("real", "F1"), name("real", "F2"), name("real", "R4"), name("real", "R5")]).toEqual([
      "AN2026",
      "AN2026",
      "ANR2026",
      "ANR2026",
    ]);
    expect([name("demo", "F2"), name("demo", "R5")]).toEqual(["DEMO-AN2026", "DEMO-ANR2026"]);
    // A seller's prefix is capitals and digits (app/domain/seller.ts): no real series has a hyphen.
    expect(seriesName({ series: "real", prefix: "DEMO", kind: "F1", year: "2026" })).not.toMatch(/^DEMO-/);
  });

  it("never calls a demo document a factura", () => {
    expect(documentLabel(es, "F1", false)).toBe("Factura");
    expect(documentLabel(es, "R5", false)).toBe("Factura rectificativa (simplificada)");
    for (const kind of ["F1", "F2", "R4", "R5"] as const) expect(documentLabel(es, kind, true)).not.toMatch(/factura/i);
    expect(attachedDocumentSentence(es, { number: "AN2026-000001", kind: "F1", demo: false })).toBe(
      "Te adjuntamos tu factura AN2026-000001 en PDF.",
    );
    expect(attachedDocumentSentence(es, { number: "ANR2026-000001", kind: "R4", demo: false })).toBe(
      "Te adjuntamos la factura rectificativa ANR2026-000001 en PDF.",
    );
    const demo = attachedDocumentSentence(es, { number: "DEMO-AN2026-000001", kind: "F2", demo: true });
    expect(demo).toContain("Documento de demostración sin validez fiscal");
    expect(demo).toContain("no es una factura");
  });

  it("is where the invoices decide by the payment provider: no other invoicing module compares it with the demo gateway's name", () => {
    const dir = import.meta.dirname;
    // `provider === "demo"`, `.where("orders.provider", "=", "demo")`…: a provider and the literal on one line.
    const comparison = /provider\b.*["'`]demo["'`]|["'`]demo["'`].*\bprovider/;
    const offenders = readdirSync(dir)
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== "series.ts")
      .filter((name) =>
        readFileSync(path.join(dir, name), "utf8")
          .split("\n")
          .some((line) => comparison.test(line)),
      );
    expect(offenders).toEqual([]);
  });
});

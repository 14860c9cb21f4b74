import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { invoiceLines, invoiceTotals, vatBreakdown } from "~/domain/invoice-math.ts";
import { registroAltaXml } from "./verifactu-xml.ts";
import { aeatAmount } from "./verifactu.ts";
import { parseXmlTree, XmlSyntaxError } from "./xml-tree.ts";

const general = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

function recordXml(buyer: { name: string; nif: string } | null) {
  const lines = invoiceLines([
    { description: "Señal · Uñas & gel <nuevo>", detail: null, totalCents: 1_500, vatTreatment: "standard" },
    { description: "Curso", detail: null, totalCents: 28_000, vatTreatment: "exempt" },
  ]);
  const totals = invoiceTotals(lines);
  return registroAltaXml({
    hash: {
      issuerNif: "89890001K",
      invoiceNumber: "ANR2026-000002",
      issueDate: "24-11-2026",
      invoiceType: buyer ? "R4" : "R5",
      vatTotal: aeatAmount(totals.vatCents),
      amountTotal: aeatAmount(totals.totalCents),
      previousHuella: "A".repeat(64),
      generatedAt: "2026-11-24T10:15:00+01:00",
    },
    issuerName: "Alejandra O'Brien & Cía",
    description: "Rectificación: devolución",
    buyer,
    rectified: { issuerNif: "89890001K", invoiceNumber: "AN2026-000001", issueDate: "23-11-2026" },
    breakdown: vatBreakdown(lines),
    previous: { issuerNif: "89890001K", invoiceNumber: "AN2026-000001", issueDate: "23-11-2026" },
    producer: { name: "Programas Ejemplo S.L.", nif: "B12345674" },
  });
}

describe("parseXmlTree", () => {
  it("reads a record's XML as a general XML parser does", () => {
    for (const buyer of [null, { name: 'Marta López "La Jefa"', nif: "12345678Z" }]) {
      const xml = recordXml(buyer);
      expect(parseXmlTree(xml)).toEqual(general.parse(xml));
    }
  });

  it("decodes entities and character references, keeps CDATA, skips comments and declarations", () => {
    const tree = parseXmlTree(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><a:R xmlns:a="x"><a:T> x &amp; y &#241;&#xF1; </a:T><a:C><![CDATA[<b>]]></a:C><a:E/><a:L>1</a:L><a:L>2</a:L></a:R>`,
    );
    expect(tree).toEqual({ R: { T: "x & y ññ", C: "<b>", E: "", L: ["1", "2"] } });
  });

  it("refuses what is not well-formed", () => {
    for (const bad of [
      "<a><b></a></b>",
      "<a><b></b>",
      "<a></a><b></b>",
      "text<a></a>",
      "<a>x & y</a>",
      "<a>&nope;</a>",
      '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
      "<a><b</a>",
      "",
      "</a>",
    ]) {
      expect(() => parseXmlTree(bad), bad).toThrow(XmlSyntaxError);
    }
  });
});

import { describe, expect, it } from "vitest";
import { invoiceLines, invoiceTotals, rectifyingLines, vatBreakdown } from "~/domain/invoice-math.ts";
import { SUM1_NAMESPACE, escapeXml, registroAltaXml, type RegistroAltaInput } from "./verifactu-xml.ts";
import { aeatAmount, aeatDate, altaHashInput, huella, madridTimestamp } from "./verifactu.ts";

/** A parsed element: local name, text (unescaped) and children. Enough for our own output. */
interface El {
  name: string;
  text: string;
  children: El[];
}

/** Parses the sum1:* elements of `xml`, failing on any unbalanced tag. */
function parse(xml: string): El {
  const root: El = { name: "#root", text: "", children: [] };
  const stack: El[] = [root];
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  for (const m of xml.matchAll(/<(\/?)sum1:(\w+)[^>]*>|([^<]+)/g)) {
    const top = stack[stack.length - 1];
    if (m[3] !== undefined) {
      if (m[3].includes(">")) throw new Error("unescaped >");
      top.text += m[3].trim() === "" ? "" : unescape(m[3]);
    } else if (m[1] === "/") {
      if (top.name !== m[2]) throw new Error(`</${m[2]}> closes <${top.name}>`);
      stack.pop();
    } else {
      const el: El = { name: m[2], text: "", children: [] };
      top.children.push(el);
      stack.push(el);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error("not one balanced element");
  return root.children[0];
}

function child(el: El, ...path: string[]): El {
  let at = el;
  for (const name of path) {
    const next = at.children.find((c) => c.name === name);
    if (!next) throw new Error(`no ${name} in ${at.name}`);
    at = next;
  }
  return at;
}

const names = (el: El) => el.children.map((c) => c.name);

const SELLER_NIF = "89890001K";
const PRODUCER = { name: "Alejandra Nails Estudio S.L.", nif: "B65410011" };
const COURSE = {
  description: "Curso de uñas acrílicas",
  detail: null,
  totalCents: 12_100,
  vatTreatment: "standard",
} as const;

function simplificada(): RegistroAltaInput {
  const lines = invoiceLines([COURSE]);
  const totals = invoiceTotals(lines);
  return {
    hash: {
      issuerNif: SELLER_NIF,
      invoiceNumber: "AN2026-000001",
      issueDate: aeatDate("2026-11-24"),
      invoiceType: "F2",
      vatTotal: aeatAmount(totals.vatCents),
      amountTotal: aeatAmount(totals.totalCents),
      previousHuella: "",
      generatedAt: madridTimestamp(new Date("2026-11-24T09:15:00Z")),
    },
    issuerName: "Alejandra Pérez García",
    description: "Curso de uñas acrílicas",
    buyer: null,
    rectified: null,
    breakdown: vatBreakdown(lines),
    previous: null,
    producer: PRODUCER,
  };
}

function rectificativa(previousHuella: string): RegistroAltaInput {
  const original = invoiceLines([
    { ...COURSE, totalCents: 127_900 },
    { description: "Curso de manicura", detail: null, totalCents: 35_000, vatTreatment: "exempt" },
  ]);
  const lines = rectifyingLines(
    original,
    original.map((line, index) => ({ index, totalCents: line.totalCents })),
  );
  const totals = invoiceTotals(lines);
  return {
    hash: {
      issuerNif: SELLER_NIF,
      invoiceNumber: "AN2026-R-000001",
      issueDate: aeatDate("2026-11-25"),
      invoiceType: "R4",
      vatTotal: aeatAmount(totals.vatCents),
      amountTotal: aeatAmount(totals.totalCents),
      previousHuella,
      generatedAt: madridTimestamp(new Date("2026-11-25T10:00:00Z")),
    },
    issuerName: "Alejandra Pérez García",
    description: "Devolución del pedido AN-1042 (desistimiento)",
    operationDate: "24-11-2026",
    buyer: { name: 'Peluquería "Rosa" & Hijas <S.L.>', nif: "B12345674" },
    rectified: { issuerNif: SELLER_NIF, invoiceNumber: "AN2026-000002", issueDate: "20-11-2026" },
    breakdown: vatBreakdown(lines),
    previous: { issuerNif: SELLER_NIF, invoiceNumber: "AN2026-000001", issueDate: "24-11-2026" },
    producer: PRODUCER,
  };
}

describe("registroAltaXml", () => {
  it("writes the first record of the chain, a factura simplificada", () => {
    const input = simplificada();
    const expectedHuella = huella(altaHashInput(input.hash));
    expect(registroAltaXml(input)).toBe(
      [
        `<sum1:RegistroAlta xmlns:sum1="${SUM1_NAMESPACE}">`,
        "  <sum1:IDVersion>1.0</sum1:IDVersion>",
        "  <sum1:IDFactura>",
        "    <sum1:IDEmisorFactura>89890001K</sum1:IDEmisorFactura>",
        "    <sum1:NumSerieFactura>AN2026-000001</sum1:NumSerieFactura>",
        "    <sum1:FechaExpedicionFactura>24-11-2026</sum1:FechaExpedicionFactura>",
        "  </sum1:IDFactura>",
        "  <sum1:NombreRazonEmisor>Alejandra Pérez García</sum1:NombreRazonEmisor>",
        "  <sum1:TipoFactura>F2</sum1:TipoFactura>",
        "  <sum1:DescripcionOperacion>Curso de uñas acrílicas</sum1:DescripcionOperacion>",
        "  <sum1:Desglose>",
        "    <sum1:DetalleDesglose>",
        "      <sum1:Impuesto>01</sum1:Impuesto>",
        "      <sum1:ClaveRegimen>01</sum1:ClaveRegimen>",
        "      <sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion>",
        "      <sum1:TipoImpositivo>21.00</sum1:TipoImpositivo>",
        "      <sum1:BaseImponibleOimporteNoSujeto>100.00</sum1:BaseImponibleOimporteNoSujeto>",
        "      <sum1:CuotaRepercutida>21.00</sum1:CuotaRepercutida>",
        "    </sum1:DetalleDesglose>",
        "  </sum1:Desglose>",
        "  <sum1:CuotaTotal>21.00</sum1:CuotaTotal>",
        "  <sum1:ImporteTotal>121.00</sum1:ImporteTotal>",
        "  <sum1:Encadenamiento>",
        "    <sum1:PrimerRegistro>S</sum1:PrimerRegistro>",
        "  </sum1:Encadenamiento>",
        "  <sum1:SistemaInformatico>",
        "    <sum1:NombreRazon>Alejandra Nails Estudio S.L.</sum1:NombreRazon>",
        "    <sum1:NIF>B65410011</sum1:NIF>",
        "    <sum1:NombreSistemaInformatico>Alejandra Nails web</sum1:NombreSistemaInformatico>",
        "    <sum1:IdSistemaInformatico>AN</sum1:IdSistemaInformatico>",
        "    <sum1:Version>1.0</sum1:Version>",
        "    <sum1:NumeroInstalacion>1</sum1:NumeroInstalacion>",
        "    <sum1:TipoUsoPosibleSoloVerifactu>S</sum1:TipoUsoPosibleSoloVerifactu>",
        "    <sum1:TipoUsoPosibleMultiOT>N</sum1:TipoUsoPosibleMultiOT>",
        "    <sum1:IndicadorMultiplesOT>N</sum1:IndicadorMultiplesOT>",
        "  </sum1:SistemaInformatico>",
        "  <sum1:FechaHoraHusoGenRegistro>2026-11-24T10:15:00+01:00</sum1:FechaHoraHusoGenRegistro>",
        "  <sum1:TipoHuella>01</sum1:TipoHuella>",
        `  <sum1:Huella>${expectedHuella}</sum1:Huella>`,
        "</sum1:RegistroAlta>",
      ].join("\n"),
    );
  });

  it("writes a chained rectificativa with buyer, mixed VAT and the schema's element order", () => {
    const previousHuella = huella(altaHashInput(simplificada().hash));
    const input = rectificativa(previousHuella);
    const alta = parse(registroAltaXml(input));
    expect(names(alta)).toEqual([
      "IDVersion",
      "IDFactura",
      "NombreRazonEmisor",
      "TipoFactura",
      "TipoRectificativa",
      "FacturasRectificadas",
      "FechaOperacion",
      "DescripcionOperacion",
      "Destinatarios",
      "Desglose",
      "CuotaTotal",
      "ImporteTotal",
      "Encadenamiento",
      "SistemaInformatico",
      "FechaHoraHusoGenRegistro",
      "TipoHuella",
      "Huella",
    ]);
    expect(child(alta, "TipoRectificativa").text).toBe("I");
    const rectified = child(alta, "FacturasRectificadas", "IDFacturaRectificada");
    expect(rectified.children.map((c) => c.text)).toEqual([SELLER_NIF, "AN2026-000002", "20-11-2026"]);
    const buyer = child(alta, "Destinatarios", "IDDestinatario");
    expect(buyer.children.map((c) => [c.name, c.text])).toEqual([
      ["NombreRazon", 'Peluquería "Rosa" & Hijas <S.L.>'],
      ["NIF", "B12345674"],
    ]);
    const [standard, exempt] = child(alta, "Desglose").children;
    expect(standard.children.map((c) => [c.name, c.text])).toEqual([
      ["Impuesto", "01"],
      ["ClaveRegimen", "01"],
      ["CalificacionOperacion", "S1"],
      ["TipoImpositivo", "21.00"],
      ["BaseImponibleOimporteNoSujeto", "-1057.02"],
      ["CuotaRepercutida", "-221.98"],
    ]);
    expect(exempt.children.map((c) => [c.name, c.text])).toEqual([
      ["Impuesto", "01"],
      ["ClaveRegimen", "01"],
      ["OperacionExenta", "E1"],
      ["BaseImponibleOimporteNoSujeto", "-350.00"],
    ]);
    const previous = child(alta, "Encadenamiento", "RegistroAnterior");
    expect(previous.children.map((c) => [c.name, c.text])).toEqual([
      ["IDEmisorFactura", SELLER_NIF],
      ["NumSerieFactura", "AN2026-000001"],
      ["FechaExpedicionFactura", "24-11-2026"],
      ["Huella", previousHuella],
    ]);
  });

  it("marks a subsanación with Subsanacion and RechazoPrevio S right after NombreRazonEmisor, and an alta with neither", () => {
    const previousHuella = huella(altaHashInput(simplificada().hash));
    const plain = parse(registroAltaXml(rectificativa(previousHuella)));
    expect(names(plain)).not.toContain("Subsanacion");
    expect(names(plain)).not.toContain("RechazoPrevio");
    const alta = parse(registroAltaXml({ ...rectificativa(previousHuella), subsanacion: true }));
    expect(names(alta).slice(0, 6)).toEqual([
      "IDVersion",
      "IDFactura",
      "NombreRazonEmisor",
      "Subsanacion",
      "RechazoPrevio",
      "TipoFactura",
    ]);
    expect([child(alta, "Subsanacion").text, child(alta, "RechazoPrevio").text]).toEqual(["S", "S"]);
    // The flags are not hashed: the same fields give the same huella.
    expect(child(alta, "Huella").text).toBe(child(plain, "Huella").text);
  });

  it("repeats the hashed fields byte for byte, so the huella matches the XML", () => {
    const input = rectificativa(huella("anything"));
    const alta = parse(registroAltaXml(input));
    const fromXml = {
      issuerNif: child(alta, "IDFactura", "IDEmisorFactura").text,
      invoiceNumber: child(alta, "IDFactura", "NumSerieFactura").text,
      issueDate: child(alta, "IDFactura", "FechaExpedicionFactura").text,
      invoiceType: child(alta, "TipoFactura").text as RegistroAltaInput["hash"]["invoiceType"],
      vatTotal: child(alta, "CuotaTotal").text,
      amountTotal: child(alta, "ImporteTotal").text,
      previousHuella: child(alta, "Encadenamiento", "RegistroAnterior", "Huella").text,
      generatedAt: child(alta, "FechaHoraHusoGenRegistro").text,
    };
    expect(fromXml).toEqual(input.hash);
    expect(fromXml.vatTotal).toBe("-221.98");
    expect(fromXml.amountTotal).toBe("-1629.00");
    expect(child(alta, "Huella").text).toBe(huella(altaHashInput(fromXml)));
    expect(child(alta, "TipoHuella").text).toBe("01");
  });

  it("writes the hashed values trimmed, as they were hashed", () => {
    const input = simplificada();
    const padded = { ...input, hash: { ...input.hash, invoiceNumber: " AN2026-000001 " } };
    expect(registroAltaXml(padded)).toBe(registroAltaXml(input));
  });

  it("escapes text and cuts long names and descriptions", () => {
    expect(escapeXml(`a & b < c > d " e ' f\u0001\uD800 😀\n`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f 😀\n");
    const xml = registroAltaXml(rectificativa(huella("x")));
    expect(xml).toContain("<sum1:NombreRazon>Peluquería &quot;Rosa&quot; &amp; Hijas &lt;S.L.&gt;</sum1:NombreRazon>");
    const long = { ...simplificada(), description: "ñ".repeat(600), issuerName: "A".repeat(200) };
    const alta = parse(registroAltaXml(long));
    expect(child(alta, "DescripcionOperacion").text).toBe("ñ".repeat(500));
    expect(child(alta, "NombreRazonEmisor").text).toHaveLength(120);
  });

  it("refuses inconsistent records", () => {
    const f2 = simplificada();
    expect(() => registroAltaXml({ ...f2, buyer: { name: "X", nif: "12345678Z" } })).toThrow(/buyer/);
    expect(() => registroAltaXml({ ...f2, hash: { ...f2.hash, invoiceType: "F1" } })).toThrow(/buyer/);
    expect(() => registroAltaXml({ ...f2, hash: { ...f2.hash, invoiceType: "R5" } })).toThrow(/rectified/);
    expect(() =>
      registroAltaXml({ ...f2, previous: { issuerNif: SELLER_NIF, invoiceNumber: "A", issueDate: "01-01-2026" } }),
    ).toThrow(/previous/);
    expect(() => registroAltaXml({ ...f2, hash: { ...f2.hash, vatTotal: "21.01" } })).toThrow(/add up/);
    expect(() => registroAltaXml({ ...f2, breakdown: [] })).toThrow(/breakdown/);
    const r4 = rectificativa(huella("x"));
    expect(() => registroAltaXml({ ...r4, rectified: null })).toThrow(/rectified/);
    expect(() => registroAltaXml({ ...r4, previous: null })).toThrow(/previous/);
  });
});

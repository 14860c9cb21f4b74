/**
 * A registro de alta as the AEAT's VERI*FACTU web service expects it: the
 * <sum1:RegistroAlta> element of SuministroLR.xsd (type
 * RegistroFacturacionAltaType of SuministroInformacion.xsd), to be wrapped in
 * <sum:RegistroFactura> inside a <sum:RegFactuSistemaFacturacion> request.
 * Elements go in the schema's order; optional ones we never use are left out.
 * Server only (it hashes with node:crypto through verifactu.ts).
 *
 * The input carries the strings already hashed (AltaHashFields), and the
 * huella is computed here from them, so the XML and the huella match byte for
 * byte.
 */
import { isRectificativa, type VatBreakdownRow } from "./document.ts";
import { DEFAULT_SOFTWARE, SOFTWARE_FLAGS, type SoftwareIdentity } from "./software.ts";
import { type AltaHashFields, aeatAmount, altaHashInput, huella } from "./verifactu.ts";

export const SUM1_NAMESPACE =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd";

/** An invoice identified as the AEAT does: issuer's NIF, series and number, issue date DD-MM-YYYY. */
interface AeatInvoiceId {
  issuerNif: string;
  invoiceNumber: string;
  /** DD-MM-YYYY (aeatDate). */
  issueDate: string;
}

export interface RegistroAltaInput {
  /** The fields of the huella; the XML repeats them as they are (trimmed, as hashed). */
  hash: AltaHashFields;
  /** NombreRazonEmisor: the seller's legal name. */
  issuerName: string;
  /** DescripcionOperacion, e.g. "Curso de uñas acrílicas" (cut to 500 characters). */
  description: string;
  /** FechaOperacion (DD-MM-YYYY) when it differs from the issue date; omitted otherwise. */
  operationDate?: string | null;
  /** The buyer of an F1/R4; null on an F2/R5. */
  buyer: { name: string; nif: string } | null;
  /** The invoice an R4/R5 rectifies; null on an F1/F2. */
  rectified: AeatInvoiceId | null;
  /** The VAT rows (vatBreakdown); their sums must be the hashed CuotaTotal and ImporteTotal. */
  breakdown: readonly VatBreakdownRow[];
  /** The previous record of the chain (its huella is hash.previousHuella); null for the first record. */
  previous: AeatInvoiceId | null;
  /** Who produced the software (SistemaInformatico NombreRazon and NIF). */
  producer: { name: string; nif: string };
  /** The software's name, id, version and installation (software.ts); DEFAULT_SOFTWARE when left out. */
  system?: Pick<SoftwareIdentity, "systemName" | "systemId" | "version" | "installationNumber">;
  /**
   * A subsanación of a record the AEAT rejected (subsanacion.ts): Subsanacion "S" and
   * RechazoPrevio "S"; both left out on an ordinary alta.
   */
  subsanacion?: boolean;
}

/** An element: its local name and either its text or its child elements. */
type XmlNode = readonly [name: string, content: string | readonly (XmlNode | null)[]];

/** Escapes text for element content (and attributes); drops the characters XML 1.0 forbids (controls, lone surrogates). */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/gu, "&amp;")
    .replace(/</gu, "&lt;")
    .replace(/>/gu, "&gt;")
    .replace(/"/gu, "&quot;")
    .replace(/'/gu, "&apos;");
}

function render(node: XmlNode, indent: string, attributes = ""): string {
  const [name, content] = node;
  const tag = `sum1:${name}`;
  if (typeof content === "string") return `${indent}<${tag}${attributes}>${escapeXml(content)}</${tag}>`;
  const children = content.filter((c): c is XmlNode => c !== null).map((c) => render(c, `${indent}  `));
  return [`${indent}<${tag}${attributes}>`, ...children, `${indent}</${tag}>`].join("\n");
}

/** At most `max` characters (code points, so a surrogate pair is never split), trimmed. */
function cut(text: string, max: number): string {
  return Array.from(text.trim()).slice(0, max).join("").trim();
}

function invoiceId(id: AeatInvoiceId): XmlNode[] {
  return [
    ["IDEmisorFactura", id.issuerNif.trim()],
    ["NumSerieFactura", id.invoiceNumber.trim()],
    ["FechaExpedicionFactura", id.issueDate.trim()],
  ];
}

/** One DetalleDesglose: IVA (01), general regime (01); S1 at its rate, or exempt E1 (art. 20 LIVA). */
function detalle(row: VatBreakdownRow): XmlNode {
  if (row.vatTreatment === "exempt") {
    return [
      "DetalleDesglose",
      [
        ["Impuesto", "01"],
        ["ClaveRegimen", "01"],
        ["OperacionExenta", "E1"],
        ["BaseImponibleOimporteNoSujeto", aeatAmount(row.baseCents)],
      ],
    ];
  }
  return [
    "DetalleDesglose",
    [
      ["Impuesto", "01"],
      ["ClaveRegimen", "01"],
      ["CalificacionOperacion", "S1"],
      // Basis points are hundredths of a percent: 2100 → "21.00".
      ["TipoImpositivo", aeatAmount(row.vatRateBp)],
      ["BaseImponibleOimporteNoSujeto", aeatAmount(row.baseCents)],
      ["CuotaRepercutida", aeatAmount(row.vatCents)],
    ],
  ];
}

/** Refuses a record the AEAT would reject, or whose XML would not match its huella. */
function check(input: RegistroAltaInput): void {
  const { hash } = input;
  const rectifying = isRectificativa(hash.invoiceType);
  if (rectifying !== (input.rectified !== null)) {
    throw new Error(`${hash.invoiceType}: rectified invoice ${rectifying ? "missing" : "not allowed"}`);
  }
  const full = hash.invoiceType === "F1" || hash.invoiceType === "R4";
  if (full !== (input.buyer !== null)) {
    throw new Error(`${hash.invoiceType}: buyer ${full ? "missing" : "not allowed"}`);
  }
  if ((hash.previousHuella.trim() === "") !== (input.previous === null)) {
    throw new Error("the previous record and hash.previousHuella disagree");
  }
  if (input.breakdown.length === 0) throw new Error("no VAT breakdown");
  const vat = input.breakdown.reduce((s, r) => s + r.vatCents, 0);
  const total = input.breakdown.reduce((s, r) => s + r.baseCents + r.vatCents, 0);
  if (aeatAmount(vat) !== hash.vatTotal.trim() || aeatAmount(total) !== hash.amountTotal.trim()) {
    throw new Error("the VAT breakdown does not add up to CuotaTotal/ImporteTotal");
  }
}

/**
 * The <sum1:RegistroAlta> element (declaring the sum1 namespace, so it also
 * stands alone), indented with two spaces. Throws when the input is
 * inconsistent (see check()).
 */
export function registroAltaXml(input: RegistroAltaInput): string {
  check(input);
  const { hash } = input;
  const system = input.system ?? DEFAULT_SOFTWARE;
  const rectifying = input.rectified !== null;
  const tree: XmlNode = [
    "RegistroAlta",
    [
      ["IDVersion", "1.0"],
      ["IDFactura", invoiceId(hash)],
      ["NombreRazonEmisor", cut(input.issuerName, 120)],
      input.subsanacion ? ["Subsanacion", "S"] : null,
      input.subsanacion ? ["RechazoPrevio", "S"] : null,
      ["TipoFactura", hash.invoiceType.trim()],
      // "I": rectificativa por diferencias, the negative amounts of the refund.
      rectifying ? ["TipoRectificativa", "I"] : null,
      input.rectified ? ["FacturasRectificadas", [["IDFacturaRectificada", invoiceId(input.rectified)]]] : null,
      input.operationDate ? ["FechaOperacion", input.operationDate.trim()] : null,
      ["DescripcionOperacion", cut(input.description, 500)],
      input.buyer
        ? [
            "Destinatarios",
            [
              [
                "IDDestinatario",
                [
                  ["NombreRazon", cut(input.buyer.name, 120)],
                  ["NIF", input.buyer.nif.trim()],
                ],
              ],
            ],
          ]
        : null,
      ["Desglose", input.breakdown.map(detalle)],
      ["CuotaTotal", hash.vatTotal.trim()],
      ["ImporteTotal", hash.amountTotal.trim()],
      [
        "Encadenamiento",
        input.previous
          ? [["RegistroAnterior", [...invoiceId(input.previous), ["Huella", hash.previousHuella.trim()]]]]
          : [["PrimerRegistro", "S"]],
      ],
      [
        "SistemaInformatico",
        [
          ["NombreRazon", cut(input.producer.name, 120)],
          ["NIF", input.producer.nif.trim()],
          ["NombreSistemaInformatico", cut(system.systemName, 30)],
          ["IdSistemaInformatico", cut(system.systemId, 2)],
          ["Version", cut(system.version, 50)],
          ["NumeroInstalacion", cut(system.installationNumber, 100)],
          ...Object.entries(SOFTWARE_FLAGS),
        ],
      ],
      ["FechaHoraHusoGenRegistro", hash.generatedAt.trim()],
      ["TipoHuella", "01"],
      ["Huella", huella(altaHashInput(hash))],
    ],
  ];
  return render(tree, "", ` xmlns:sum1="${SUM1_NAMESPACE}"`);
}

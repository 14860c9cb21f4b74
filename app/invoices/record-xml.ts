/**
 * Reads a stored <sum1:RegistroAlta> (billing_records.xml, written by verifactu-xml.ts) back with
 * a strict XML reader and says which of the record's own fields it no longer states: the XML is what a
 * sender hands to the AEAT, so it must say what the hashed columns say. Pure.
 */
import type { AltaHashFields } from "./verifactu.ts";
import { parseXmlTree } from "./xml-tree.ts";

/** The record's columns the XML must repeat, hashed fields and huella. */
export interface StoredRecordFields extends AltaHashFields {
  huella: string;
  /** A subsanación (corrects_position set): Subsanacion and RechazoPrevio "S"; else neither. */
  subsanacion?: boolean;
}

// One pass, no separate validation pass: the chain's check reads every record (xml-tree.ts).

type Node = { [name: string]: Node | string | undefined };

function child(node: Node | string | undefined, name: string): Node | string | undefined {
  return typeof node === "object" && node !== null ? node[name] : undefined;
}

function text(node: Node | string | undefined): string | undefined {
  return typeof node === "string" ? node : undefined;
}

/**
 * The names (as the XML calls them) of the fields the XML does not state as the record does;
 * ["RegistroAlta"] when the text is not a RegistroAlta at all.
 */
export function recordXmlMismatches(xml: string, record: StoredRecordFields): string[] {
  let root: Node | string | undefined;
  try {
    root = child(parseXmlTree(xml) as Node, "RegistroAlta");
  } catch {
    return ["RegistroAlta"];
  }
  if (typeof root !== "object") return ["RegistroAlta"];
  const id = child(root, "IDFactura");
  const chain = child(root, "Encadenamiento");
  const previous = child(chain, "RegistroAnterior");
  const first = text(child(chain, "PrimerRegistro"));
  const stated: [string, string | undefined, string][] = [
    ["IDEmisorFactura", text(child(id, "IDEmisorFactura")), record.issuerNif],
    ["NumSerieFactura", text(child(id, "NumSerieFactura")), record.invoiceNumber],
    ["FechaExpedicionFactura", text(child(id, "FechaExpedicionFactura")), record.issueDate],
    ["TipoFactura", text(child(root, "TipoFactura")), record.invoiceType],
    ["CuotaTotal", text(child(root, "CuotaTotal")), record.vatTotal],
    ["ImporteTotal", text(child(root, "ImporteTotal")), record.amountTotal],
    ["Huella", text(child(root, "Huella")), record.huella],
    ["FechaHoraHusoGenRegistro", text(child(root, "FechaHoraHusoGenRegistro")), record.generatedAt],
  ];
  const out = stated.filter(([, inXml, inRecord]) => inXml !== inRecord.trim()).map(([name]) => name);
  // The link: the previous record's huella, or PrimerRegistro "S" on the first record.
  const previousHuella = record.previousHuella.trim();
  const linkHolds =
    previousHuella === ""
      ? first === "S" && previous === undefined
      : first === undefined && text(child(previous, "Huella")) === previousHuella;
  if (!linkHolds) out.push("RegistroAnterior/Huella");
  const flags = [text(child(root, "Subsanacion")), text(child(root, "RechazoPrevio"))];
  const expected = record.subsanacion ? ["S", "S"] : [undefined, undefined];
  if (flags[0] !== expected[0] || flags[1] !== expected[1]) out.push("Subsanacion/RechazoPrevio");
  return out;
}

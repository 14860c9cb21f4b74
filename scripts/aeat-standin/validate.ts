/**
 * XSD validation against the AEAT's official VERI*FACTU schemas, vendored
 * byte for byte in vendor/aeat-verifactu/ (see its README). libxml2 compiled
 * to WebAssembly (xmllint-wasm): no native build, no network.
 *
 * SuministroInformacion.xsd imports the XML-DSig schema from its w3.org URL;
 * the copy handed to xmllint points that import at the vendored file instead
 * (the files on disk stay as published).
 */
import { readFileSync } from "node:fs";
import { validateXML, type XMLFileInfo } from "xmllint-wasm";

export type AeatSchema = "SuministroLR" | "RespuestaSuministro";

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

export const AEAT_NS_BASE =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/";
export const SUM_NS = `${AEAT_NS_BASE}SuministroLR.xsd`;
export const SUM1_NS = `${AEAT_NS_BASE}SuministroInformacion.xsd`;
export const TIKR_NS = `${AEAT_NS_BASE}RespuestaSuministro.xsd`;
export const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";

const VENDOR = new URL("../../vendor/aeat-verifactu/", import.meta.url);
const XMLDSIG_URL = "http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd";

let schemaFiles: XMLFileInfo[] | null = null;

/** The vendored schemas as xmllint's in-memory files (read once). */
function vendored(): XMLFileInfo[] {
  schemaFiles ??= [
    "SuministroLR.xsd",
    "SuministroInformacion.xsd",
    "RespuestaSuministro.xsd",
    "xmldsig-core-schema.xsd",
  ].map((fileName) => {
    const text = readFileSync(new URL(fileName, VENDOR), "utf8");
    const contents =
      fileName === "SuministroInformacion.xsd" ? text.replace(XMLDSIG_URL, "xmldsig-core-schema.xsd") : text;
    return { fileName, contents };
  });
  return schemaFiles;
}

/** A schema for a SOAP 1.1 envelope whose Body holds exactly the schema's root element. */
function envelopeSchema(schema: AeatSchema): XMLFileInfo {
  const root = schema === "SuministroLR" ? "RegFactuSistemaFacturacion" : "RespuestaRegFactuSistemaFacturacion";
  const ns = `${AEAT_NS_BASE}${schema}.xsd`;
  const open = `<complexType><sequence>`;
  const contents = `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:x="${ns}" targetNamespace="${SOAP_ENV_NS}" elementFormDefault="qualified">
  <import namespace="${ns}" schemaLocation="${schema}.xsd"/>
  <element name="Envelope">${open}
    <element name="Header" minOccurs="0">${open}<any namespace="##any" processContents="lax" minOccurs="0" maxOccurs="unbounded"/></sequence><anyAttribute namespace="##any" processContents="lax"/></complexType></element>
    <element name="Body">${open}<element ref="x:${root}"/></sequence><anyAttribute namespace="##any" processContents="lax"/></complexType></element>
  </sequence><anyAttribute namespace="##other" processContents="lax"/></complexType></element>
</schema>`;
  return { fileName: `envelope-${schema}.xsd`, contents };
}

async function run(xml: string, main: XMLFileInfo): Promise<ValidationResult> {
  const preload = vendored().filter((f) => f.fileName !== main.fileName);
  const result = await validateXML({ xml: [{ fileName: "request.xml", contents: xml }], schema: [main], preload });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

/** Validates a document whose root is the schema's element (RegFactuSistemaFacturacion or RespuestaRegFactuSistemaFacturacion). */
export async function validateAgainstAeat(xml: string, schema: AeatSchema): Promise<ValidationResult> {
  const main = vendored().find((f) => f.fileName === `${schema}.xsd`);
  if (!main) throw new Error(`unknown schema ${schema}`);
  return run(xml, main);
}

/** Validates a SOAP 1.1 envelope whose Body must hold exactly the schema's root element. */
export async function validateEnvelope(xml: string, schema: AeatSchema): Promise<ValidationResult> {
  return run(xml, envelopeSchema(schema));
}

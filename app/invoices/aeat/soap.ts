/**
 * The AEAT's VERI*FACTU web service, RegFactuSistemaFacturacion, as text: the
 * SOAP 1.1 request that carries stored RegistroAlta records, and the parser of
 * its answer (RespuestaSuministro.xsd) or of a SOAP Fault. Pure: no network.
 *
 * The stored records (verifactu-xml.ts) are `<sum1:RegistroAlta>` elements
 * that declare the sum1 namespace themselves, so each is embedded as it is in
 * a `<sum:RegistroFactura>`.
 */
import { XMLParser } from "fast-xml-parser";
import { escapeXml, SUM1_NAMESPACE } from "../verifactu-xml.ts";

export const SOAP_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";
export const SUM_NAMESPACE =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd";

/** Records per request, as SuministroLR.xsd allows (RegistroFactura maxOccurs). */
export const MAX_RECORDS_PER_REQUEST = 1000;
/** The wait the AEAT asks for when an answer gives none (seconds). */
export const DEFAULT_WAIT_SECONDS = 60;

/**
 * The service's address per mode, from the AEAT's WSDL (SistemaFacturacion.wsdl).
 * These are the hosts for personal and entity certificates (www1 / prewww1); a
 * seal certificate (certificado de sello) uses www10 / prewww10 and is set with
 * VERIFACTU_ENDPOINT.
 */
export const AEAT_ENDPOINTS = {
  verifactu: "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
  "verifactu-test": "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
} as const;

export interface Obligado {
  /** NombreRazon, the seller's legal name. */
  name: string;
  nif: string;
}

/** The request: Cabecera (ObligadoEmision) and one RegistroFactura per stored RegistroAlta. */
export function requestEnvelope(obligado: Obligado, recordsXml: readonly string[]): string {
  if (recordsXml.length < 1 || recordsXml.length > MAX_RECORDS_PER_REQUEST) {
    throw new Error(`a request carries 1 to ${MAX_RECORDS_PER_REQUEST} records, not ${recordsXml.length}`);
  }
  const records = recordsXml.map((xml) => {
    const inner = xml.replace(/^<\?xml[^>]*\?>\s*/u, "").trim();
    return `      <sum:RegistroFactura>\n${inner}\n      </sum:RegistroFactura>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<soapenv:Envelope xmlns:soapenv="${SOAP_NAMESPACE}" xmlns:sum="${SUM_NAMESPACE}" xmlns:sum1="${SUM1_NAMESPACE}">`,
    `  <soapenv:Header/>`,
    `  <soapenv:Body>`,
    `    <sum:RegFactuSistemaFacturacion>`,
    `      <sum:Cabecera>`,
    `        <sum1:ObligadoEmision>`,
    `          <sum1:NombreRazon>${escapeXml(obligado.name.trim().slice(0, 120))}</sum1:NombreRazon>`,
    `          <sum1:NIF>${escapeXml(obligado.nif.trim())}</sum1:NIF>`,
    `        </sum1:ObligadoEmision>`,
    `      </sum:Cabecera>`,
    ...records,
    `    </sum:RegFactuSistemaFacturacion>`,
    `  </soapenv:Body>`,
    `</soapenv:Envelope>`,
    ``,
  ].join("\n");
}

/** EstadoRegistro of a line. */
export type LineState = "Correcto" | "AceptadoConErrores" | "Incorrecto";

export interface AnswerLine {
  /** IDFactura as the AEAT repeats it. */
  issuerNif: string;
  invoiceNumber: string;
  issueDate: string;
  state: LineState;
  code: string | null;
  description: string | null;
  /** Present when the AEAT already holds a record for this invoice (error 3000). */
  duplicate: { state: string; requestId: string | null } | null;
}

export type SoapAnswer =
  | {
      kind: "answer";
      /** EstadoEnvio: Correcto, ParcialmenteCorrecto, Incorrecto. */
      state: string;
      waitSeconds: number;
      csv: string | null;
      lines: AnswerLine[];
    }
  | { kind: "fault"; code: string; message: string };

type Node = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === "RespuestaLinea",
});

function child(node: unknown, name: string): unknown {
  return node && typeof node === "object" ? (node as Node)[name] : undefined;
}

function text(node: unknown): string | null {
  if (typeof node === "string") return node;
  if (typeof node === "number") return String(node);
  const inner = child(node, "#text");
  return typeof inner === "string" ? inner : null;
}

const LINE_STATES: readonly string[] = ["Correcto", "AceptadoConErrores", "Incorrecto"];

/** Reads the AEAT's answer; throws when the body is neither an answer nor a Fault. */
export function parseAnswer(body: string): SoapAnswer {
  const doc: unknown = parser.parse(body);
  const bodyNode = child(child(doc, "Envelope"), "Body");
  if (bodyNode === undefined) throw new Error("the answer is not a SOAP envelope");
  const fault = child(bodyNode, "Fault");
  if (fault !== undefined) {
    return {
      kind: "fault",
      code: text(child(fault, "faultcode")) ?? "",
      message: text(child(fault, "faultstring")) ?? "",
    };
  }
  const answer = child(bodyNode, "RespuestaRegFactuSistemaFacturacion");
  if (answer === undefined) throw new Error("the answer has no RespuestaRegFactuSistemaFacturacion");
  const waitText = text(child(answer, "TiempoEsperaEnvio"));
  const wait = waitText === null ? Number.NaN : Number(waitText);
  const rawLines = child(answer, "RespuestaLinea");
  const lines = (Array.isArray(rawLines) ? rawLines : []).map((line: unknown): AnswerLine => {
    const id = child(line, "IDFactura");
    const state = text(child(line, "EstadoRegistro")) ?? "";
    if (!LINE_STATES.includes(state)) throw new Error(`unknown EstadoRegistro "${state}"`);
    const dup = child(line, "RegistroDuplicado");
    return {
      issuerNif: text(child(id, "IDEmisorFactura")) ?? "",
      invoiceNumber: text(child(id, "NumSerieFactura")) ?? "",
      issueDate: text(child(id, "FechaExpedicionFactura")) ?? "",
      state: state as LineState,
      code: text(child(line, "CodigoErrorRegistro")),
      description: text(child(line, "DescripcionErrorRegistro")),
      duplicate:
        dup === undefined
          ? null
          : {
              state: text(child(dup, "EstadoRegistroDuplicado")) ?? "",
              requestId: text(child(dup, "IdPeticionRegistroDuplicado")),
            },
    };
  });
  return {
    kind: "answer",
    state: text(child(answer, "EstadoEnvio")) ?? "",
    waitSeconds: Number.isFinite(wait) && wait >= 0 ? wait : DEFAULT_WAIT_SECONDS,
    csv: text(child(answer, "CSV")),
    lines,
  };
}

/** The AEAT's code for "Registro de facturación duplicado". */
export const DUPLICATE_CODE = "3000";

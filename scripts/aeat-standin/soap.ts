/**
 * The stand-in's answers, as the AEAT's VERI*FACTU service gives them: a
 * RespuestaRegFactuSistemaFacturacion (RespuestaSuministro.xsd) or a SOAP 1.1
 * Fault, each in a SOAP envelope. Prefixes as the AEAT's own answers use them:
 * tikR (RespuestaSuministro) and tik (SuministroInformacion).
 */
import { SOAP_ENV_NS, SUM1_NS, TIKR_NS } from "./validate.ts";

export type EstadoRegistro = "Correcto" | "AceptadoConErrores" | "Incorrecto";

export interface InvoiceKey {
  nif: string;
  numSerie: string;
  fecha: string;
}

export interface RespuestaLinea {
  id: InvoiceKey;
  operacion: "Alta" | "Anulacion";
  estado: EstadoRegistro;
  error?: { codigo: number; descripcion: string };
  /** Set on a duplicate: what the service holds for the record sent before. */
  duplicado?: { idPeticion: string; estado: "Correcta" | "AceptadaConErrores" };
}

export interface Respuesta {
  csv: string;
  presentador: string;
  timestamp: string;
  cabecera: { nombreRazon: string; nif: string };
  tiempoEsperaEnvio: number;
  lineas: RespuestaLinea[];
}

export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const el = (prefix: string, name: string, content: string) => `<${prefix}:${name}>${content}</${prefix}:${name}>`;
const tik = (name: string, text: string) => el("tik", name, escapeText(text));

function envelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope xmlns:env="${SOAP_ENV_NS}"><env:Body>${body}</env:Body></env:Envelope>`;
}

/** EstadoEnvio: Correcto when every line is, Incorrecto when none was accepted, else ParcialmenteCorrecto. */
export function estadoEnvio(lineas: readonly RespuestaLinea[]): "Correcto" | "ParcialmenteCorrecto" | "Incorrecto" {
  if (lineas.every((l) => l.estado === "Correcto")) return "Correcto";
  if (lineas.every((l) => l.estado === "Incorrecto")) return "Incorrecto";
  return "ParcialmenteCorrecto";
}

function linea(l: RespuestaLinea): string {
  const parts = [
    el(
      "tikR",
      "IDFactura",
      tik("IDEmisorFactura", l.id.nif) +
        tik("NumSerieFactura", l.id.numSerie) +
        tik("FechaExpedicionFactura", l.id.fecha),
    ),
    el("tikR", "Operacion", tik("TipoOperacion", l.operacion)),
    el("tikR", "EstadoRegistro", l.estado),
  ];
  if (l.error) {
    parts.push(el("tikR", "CodigoErrorRegistro", String(l.error.codigo)));
    parts.push(el("tikR", "DescripcionErrorRegistro", escapeText(l.error.descripcion)));
  }
  if (l.duplicado) {
    parts.push(
      el(
        "tikR",
        "RegistroDuplicado",
        tik("IdPeticionRegistroDuplicado", l.duplicado.idPeticion) + tik("EstadoRegistroDuplicado", l.duplicado.estado),
      ),
    );
  }
  return el("tikR", "RespuestaLinea", parts.join(""));
}

/** The whole answer to an accepted (schema-valid) request. */
export function respuestaXml(r: Respuesta): string {
  const body = [
    el("tikR", "CSV", escapeText(r.csv)),
    el("tikR", "DatosPresentacion", tik("NIFPresentador", r.presentador) + tik("TimestampPresentacion", r.timestamp)),
    el(
      "tikR",
      "Cabecera",
      el("tik", "ObligadoEmision", tik("NombreRazon", r.cabecera.nombreRazon) + tik("NIF", r.cabecera.nif)),
    ),
    el("tikR", "TiempoEsperaEnvio", String(r.tiempoEsperaEnvio)),
    el("tikR", "EstadoEnvio", estadoEnvio(r.lineas)),
    ...r.lineas.map(linea),
  ].join("");
  return envelope(
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${TIKR_NS}" xmlns:tik="${SUM1_NS}">${body}</tikR:RespuestaRegFactuSistemaFacturacion>`,
  );
}

/** A SOAP 1.1 Fault; the AEAT answers one (HTTP 500) to a request that breaks the schema or the service. */
export function faultXml(code: "Client" | "Server", message: string): string {
  return envelope(
    `<env:Fault><faultcode>env:${code}</faultcode><faultstring>${escapeText(message)}</faultstring><detail><callstack>${escapeText(message)}</callstack></detail></env:Fault>`,
  );
}

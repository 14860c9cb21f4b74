/**
 * A local stand-in of the AEAT's VERI*FACTU web service
 * (RegFactuSistemaFacturacion, SOAP 1.1 over mutual TLS), for development and
 * tests. It validates every request against the official schemas, answers per
 * RespuestaSuministro.xsd, keeps what it accepted (duplicates, the chain per
 * NIF) and fails on demand. Never used by the site itself.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { faultXml, respuestaXml, type EstadoRegistro, type InvoiceKey, type RespuestaLinea } from "./soap.ts";
import { validateEnvelope } from "./validate.ts";
import { find, parseXml, textAt, type XmlElement } from "./xml.ts";

export const STANDIN_PATH = "/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP";

/** The AEAT's code for a record already registered. */
export const DUPLICATE_CODE = 3000;
export const DUPLICATE_TEXT = "Registro de facturación duplicado.";
/**
 * The stand-in's own code (not one of the AEAT's) for a record whose
 * Encadenamiento does not point at the last record accepted for its NIF.
 */
export const CHAIN_CODE = 2999;
export const CHAIN_TEXT =
  "La huella del registro anterior no coincide con la del último registro recibido del obligado.";
/**
 * The stand-in's own code for RechazoPrevio "S" without Subsanacion "S" (the rule
 * of the AEAT's "Validaciones y errores", RegistroAlta, RechazoPrevio).
 */
export const RECHAZO_PREVIO_CODE = 2998;
export const RECHAZO_PREVIO_TEXT =
  "No puede informarse RechazoPrevio con valor S si no se informa Subsanacion o tiene el valor N.";
const SCHEMA_FAULT = "Codigo[4102].El XML no cumple el esquema.";
const MAX_BODY = 10 * 1024 * 1024;

export interface ReceivedRecord {
  nif: string;
  numSerie: string;
  fecha: string;
  huella: string;
  huellaAnterior: string | null;
  /** Subsanacion and RechazoPrevio as sent ("S", "N", "X"), null when left out. */
  subsanacion: string | null;
  rechazoPrevio: string | null;
}

export interface ReceivedRequest {
  at: number;
  recordCount: number;
  valid: boolean;
  errors: string[];
  records: ReceivedRecord[];
}

export interface AeatStandIn {
  /** https://127.0.0.1:port/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP */
  url: string;
  close(): Promise<void>;
  /** Every request that reached the service (not those failed on purpose by failNext). */
  requests: ReceivedRequest[];
  /** Every POST to the service, those failed on purpose included, in arrival order: when, and what it got. */
  attempts: { at: number; outcome: "503" | "fault" | "reset" | "answered" | "invalid" }[];
  /**
   * The next n answered requests are held `ms` after their records were
   * stored, before the answer goes out: a sender killed while it waits has
   * had its records registered without learning it.
   */
  holdNext(n: number, ms: number): void;
  /** The next n requests get a 503, a SOAP Fault (soapenv:Server, HTTP 500) or a dropped connection. */
  failNext(n: number, kind: "503" | "fault" | "reset"): void;
  setTiempoEsperaEnvio(s: number): void;
  /** The next n records are answered Incorrecto with this code and text. */
  rejectNext(n: number, codigo: number, descripcion: string): void;
  /** The records accepted, by NIF|NumSerie|Fecha. */
  accepted(): Map<string, { huella: string }>;
}

export interface StandInOptions {
  port?: number;
  host?: string;
  /** Seconds, answered in TiempoEsperaEnvio; 60 by default, as the AEAT. */
  tiempoEsperaEnvio?: number;
  /** PEMs: the server's key and certificate, and the CA that signed the allowed client certificates. */
  key: string;
  cert: string;
  ca: string;
}

interface Stored {
  huella: string;
  idPeticion: string;
  estado: "Correcta" | "AceptadaConErrores";
}

const keyOf = (id: InvoiceKey) => `${id.nif}|${id.numSerie}|${id.fecha}`;

/** The record inside a RegistroFactura (alta or anulación). */
function readRecord(registroFactura: XmlElement): { operacion: "Alta" | "Anulacion"; record: ReceivedRecord } {
  const inner = registroFactura.children[0];
  const [nif, numSerie, fecha] = (find(inner, "IDFactura")?.children ?? []).map((c) => c.text);
  const anterior = find(inner, "Encadenamiento", "RegistroAnterior");
  return {
    operacion: inner.name === "RegistroAnulacion" ? "Anulacion" : "Alta",
    record: {
      nif,
      numSerie,
      fecha,
      huella: textAt(inner, "Huella"),
      huellaAnterior: anterior ? textAt(anterior, "Huella") : null,
      subsanacion: find(inner, "Subsanacion")?.text ?? null,
      rechazoPrevio: find(inner, "RechazoPrevio")?.text ?? null,
    },
  };
}

/** The time as xs:dateTime with the machine's offset. */
function timestamp(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) resolve(null);
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" }).end(xml);
}

export async function startAeatStandIn(opts: StandInOptions): Promise<AeatStandIn> {
  const requests: ReceivedRequest[] = [];
  const stored = new Map<string, Stored>();
  const lastHuella = new Map<string, string>();
  const failures: ("503" | "fault" | "reset")[] = [];
  const rejections: { codigo: number; descripcion: string }[] = [];
  const attempts: AeatStandIn["attempts"] = [];
  const holds: number[] = [];
  let tiempoEsperaEnvio = opts.tiempoEsperaEnvio ?? 60;

  function answer(record: ReceivedRecord, operacion: "Alta" | "Anulacion", idPeticion: string): RespuestaLinea {
    const id: InvoiceKey = { nif: record.nif, numSerie: record.numSerie, fecha: record.fecha };
    const rejection = rejections.shift();
    if (rejection) {
      // Rejected, yet generated and chained by its system: the next record links to it.
      lastHuella.set(record.nif, record.huella);
      return { id, operacion, estado: "Incorrecto", error: rejection };
    }
    if (record.rechazoPrevio === "S" && record.subsanacion !== "S") {
      lastHuella.set(record.nif, record.huella);
      const error = { codigo: RECHAZO_PREVIO_CODE, descripcion: RECHAZO_PREVIO_TEXT };
      return { id, operacion, estado: "Incorrecto", error };
    }
    const key = keyOf(id);
    const previous = stored.get(key);
    // Only a subsanación of a record it holds (Subsanacion "S", no RechazoPrevio "S") replaces it. An alta
    // after a rejection (RechazoPrevio "S") is for an invoice it does not hold: one it holds is a duplicate.
    const replaces = record.subsanacion === "S" && record.rechazoPrevio !== "S";
    if (operacion === "Alta" && previous && !replaces) {
      return {
        id,
        operacion,
        estado: "Incorrecto",
        error: { codigo: DUPLICATE_CODE, descripcion: DUPLICATE_TEXT },
        duplicado: { idPeticion: previous.idPeticion, estado: previous.estado },
      };
    }
    const chained = (lastHuella.get(record.nif) ?? null) === record.huellaAnterior;
    const estado: EstadoRegistro = chained ? "Correcto" : "AceptadoConErrores";
    if (operacion === "Alta")
      stored.set(key, { huella: record.huella, idPeticion, estado: chained ? "Correcta" : "AceptadaConErrores" });
    lastHuella.set(record.nif, record.huella);
    return chained
      ? { id, operacion, estado }
      : { id, operacion, estado, error: { codigo: CHAIN_CODE, descripcion: CHAIN_TEXT } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0];
    if (path !== STANDIN_PATH) return void res.writeHead(404).end();
    if (req.method !== "POST") return void res.writeHead(405, { Allow: "POST" }).end();
    const failure = failures.shift();
    attempts.push({ at: Date.now(), outcome: failure ?? "answered" });
    if (failure === "reset") return void req.socket.destroy();
    if (failure === "503")
      return void res
        .writeHead(503, { "Content-Type": "text/html" })
        .end("<html><body>Service Unavailable</body></html>");
    if (failure === "fault")
      return send(
        res,
        500,
        faultXml("Server", "Codigo[-1].Error interno en el servidor (fallo provocado en el simulador)."),
      );
    if (!/^text\/xml\b/i.test(req.headers["content-type"] ?? "")) {
      return send(res, 415, faultXml("Client", "Content-Type must be text/xml (SOAP 1.1)."));
    }
    const body = await readBody(req);
    const at = Date.now();
    if (body === null) return send(res, 413, faultXml("Client", "Petición demasiado grande."));
    const validation = await validateEnvelope(body, "SuministroLR");
    let root: XmlElement | null = null;
    try {
      root = parseXml(body);
    } catch {
      // Not even well-formed: the schema check has already said so.
    }
    const request = find(root ?? { name: "", text: "", children: [] }, "Body", "RegFactuSistemaFacturacion");
    const registros = request?.children.filter((c) => c.name === "RegistroFactura" && c.children.length > 0) ?? [];
    if (!validation.valid || !request) {
      attempts[attempts.length - 1].outcome = "invalid";
      requests.push({ at, recordCount: registros.length, valid: false, errors: validation.errors, records: [] });
      return send(res, 500, faultXml("Client", `${SCHEMA_FAULT} ${validation.errors.join(" ")}`.trim()));
    }
    const read = registros.map(readRecord);
    requests.push({ at, recordCount: read.length, valid: true, errors: [], records: read.map((r) => r.record) });
    const csv = `A-${randomBytes(8).toString("hex").toUpperCase()}`;
    const idPeticion = csv.slice(0, 20);
    const cabecera = {
      nombreRazon: textAt(request, "Cabecera", "ObligadoEmision", "NombreRazon"),
      nif: textAt(request, "Cabecera", "ObligadoEmision", "NIF"),
    };
    const lineas = read.map((r) => answer(r.record, r.operacion, idPeticion));
    const hold = holds.shift();
    if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
    send(
      res,
      200,
      respuestaXml({
        csv,
        presentador: cabecera.nif,
        timestamp: timestamp(new Date(at)),
        cabecera,
        tiempoEsperaEnvio,
        lineas,
      }),
    );
  }

  const server: Server = createServer(
    { key: opts.key, cert: opts.cert, ca: opts.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          send(res, 500, faultXml("Server", error instanceof Error ? error.message : String(error)));
      });
    },
  );
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://${host.includes(":") ? `[${host}]` : host}:${port}${STANDIN_PATH}`,
    requests,
    attempts,
    holdNext: (n, ms) => holds.push(...Array.from({ length: n }, () => ms)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    failNext: (n, kind) => failures.push(...Array.from({ length: n }, () => kind)),
    setTiempoEsperaEnvio: (s) => {
      tiempoEsperaEnvio = s;
    },
    rejectNext: (n, codigo, descripcion) =>
      rejections.push(...Array.from({ length: n }, () => ({ codigo, descripcion }))),
    accepted: () => new Map([...stored].map(([key, value]) => [key, { huella: value.huella }])),
  };
}

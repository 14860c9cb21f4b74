import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, pathOnly } from "./logger.server.ts";

const token = "Zr8d0vQ2xYk4mN7pA1sT6uW9bC3eF5gH8jK0lM2nP4q";

function capture() {
  let out = "";
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return { logger: createLogger("info", sink), text: () => out };
}

describe("the logger", () => {
  it("writes no secret path segment, in any field of any line, children included", () => {
    const { logger, text } = capture();
    logger.error({ err: new Error(`no se pudo abrir /gestion/activar/${token}`) }, "request failed");
    logger
      .child({ req: { url: `/cita/${token}/calendario.ics` } })
      .info({ referer: `https://x.es/cita/${token}` }, "hola");
    logger.warn(`pago /pago-demo/${token}.data`);
    expect(text()).not.toContain(token);
    expect(text()).toContain("/gestion/activar/[redacted]");
    expect(text()).toContain("/cita/[redacted]/calendario.ics");
    expect(text()).toContain("/pago-demo/[redacted].data");
    // Still one JSON object per line.
    for (const line of text().trim().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("never writes the AEAT certificate or its password, wherever an object holding them is logged", () => {
    const { logger, text } = capture();
    const certificate = { pfx: Buffer.from("PKCS12-BYTES"), passphrase: "clave-del-certificado", subject: "CN=Salón" };
    logger.info({ aeat: { endpoint: "https://prewww1.aeat.es/x", certificate } }, "config");
    logger.warn({ certificate }, "cert");
    logger.info({ client: { passphrase: "clave-del-certificado" } }, "other");
    expect(text()).not.toContain("clave-del-certificado");
    expect(text()).not.toContain(Buffer.from("PKCS12-BYTES").toString("base64"));
    expect(text()).not.toContain("PKCS12-BYTES");
    expect(text()).toContain("https://prewww1.aeat.es/x");
  });

  it("never writes the backups' key, the bucket's secret or the DKIM key when a configuration is logged", () => {
    const { logger, text } = capture();
    const backup = { dir: "/data/backups", key: "AGE-SECRET-KEY-1QQQSECRETO", keyFile: null };
    logger.info({ backup }, "backup");
    logger.info({ config: { backup, dkim: { privateKey: "-----BEGIN PRIVATE KEY-----DKIM" } } }, "config");
    logger.info({ offsite: { secretAccessKey: "s3-secreto" } }, "s3");
    expect(text()).not.toContain("AGE-SECRET-KEY-1QQQSECRETO");
    expect(text()).not.toContain("DKIM");
    expect(text()).not.toContain("s3-secreto");
    expect(text()).toContain("/data/backups");
  });

  it("logs the path only, its escaped plain characters unescaped and its secrets redacted", () => {
    expect(pathOnly(undefined)).toBe("");
    expect(pathOnly("/formaciones/expert-nails?utm=x")).toBe("/formaciones/expert-nails?…");
    expect(pathOnly(`/cit%61/${token}?x=1`)).toBe("/cita/[redacted]?…");
    expect(pathOnly(`/reservar/confirmar/${token}.data?_routes=a`)).toBe("/reservar/confirmar/[redacted].data?…");
    // Escapes of reserved or other characters stay escaped.
    expect(pathOnly("/buscar/a%2Fb%20c%C3%B1")).toBe("/buscar/a%2Fb%20c%C3%B1");
  });
});

/**
 * The sender's configuration from the environment (read by loadConfig):
 * VERIFACTU_ENDPOINT, VERIFACTU_CERT_P12, VERIFACTU_CERT_PASSWORD. With
 * VERIFACTU_MODE=off nothing is read and nothing is sent.
 */
import type { VerifactuMode } from "../verifactu.ts";
import { CertificateError, loadClientCertificate, type ClientCertificate } from "./certificate.server.ts";
import { AEAT_ENDPOINTS } from "./soap.ts";

export interface AeatConfig {
  /** The service URL: VERIFACTU_ENDPOINT, or the AEAT's own for the mode (soap.ts). */
  endpoint: string;
  certificate: ClientCertificate;
}

/** null with VERIFACTU_MODE=off; throws CertificateError (one line naming the variable) otherwise when something is wrong. */
export function aeatConfigOf(
  input: { mode: VerifactuMode; endpoint?: string; certP12?: string; certPassword?: string },
  now = new Date(),
): AeatConfig | null {
  if (input.mode === "off") return null;
  if (!input.certP12) {
    throw new CertificateError(
      `VERIFACTU_CERT_P12: es obligatoria con VERIFACTU_MODE=${input.mode} (el certificado PKCS#12 del salón)`,
    );
  }
  if (input.certPassword === undefined) {
    throw new CertificateError(`VERIFACTU_CERT_PASSWORD: es obligatoria con VERIFACTU_MODE=${input.mode}`);
  }
  let endpoint: string = AEAT_ENDPOINTS[input.mode];
  if (input.endpoint) {
    let url: URL;
    try {
      url = new URL(input.endpoint);
    } catch {
      throw new CertificateError(`VERIFACTU_ENDPOINT: no es una URL (${input.endpoint})`);
    }
    if (url.protocol !== "https:") throw new CertificateError(`VERIFACTU_ENDPOINT: debe empezar por https://`);
    endpoint = url.toString();
  }
  return { endpoint, certificate: loadClientCertificate(input.certP12, input.certPassword, now) };
}

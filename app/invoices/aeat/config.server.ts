/**
 * The sender's configuration from the environment (read by loadConfig):
 * VERIFACTU_ENDPOINT, VERIFACTU_CERT_P12, VERIFACTU_CERT_PASSWORD,
 * VERIFACTU_TIMEOUT_S. With
 * VERIFACTU_MODE=off nothing is read and nothing is sent.
 */
import type { VerifactuMode } from "../verifactu.ts";
import { CertificateError, loadClientCertificate, type ClientCertificate } from "./certificate.server.ts";
import { AEAT_ENDPOINTS } from "./soap.ts";

export interface AeatConfig {
  /** The service URL: VERIFACTU_ENDPOINT, or the AEAT's own for the mode (soap.ts). */
  endpoint: string;
  certificate: ClientCertificate;
  /** How long one request may wait for the AEAT's answer (VERIFACTU_TIMEOUT_S; 120 s by default). */
  timeoutMs: number;
}

/** What VERIFACTU_TIMEOUT_S defaults to: the AEAT answers in seconds, but a burst of 1,000 records is large. */
export const DEFAULT_TIMEOUT_S = 120;

/**
 * How long the instance sending holds the sender's lease: longer than its
 * request may last, so no second instance sends the same records meanwhile;
 * after a crash the records wait this long, at most, before another instance
 * sends them again.
 */
export function senderLeaseMs(config: Pick<AeatConfig, "timeoutMs">): number {
  return config.timeoutMs + 30_000;
}

/** null with VERIFACTU_MODE=off; throws CertificateError (one line naming the variable) otherwise when something is wrong. */
export function aeatConfigOf(
  input: { mode: VerifactuMode; endpoint?: string; certP12?: string; certPassword?: string; timeoutS?: number },
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
  return {
    endpoint,
    certificate: loadClientCertificate(input.certP12, input.certPassword, now),
    timeoutMs: (input.timeoutS ?? DEFAULT_TIMEOUT_S) * 1000,
  };
}

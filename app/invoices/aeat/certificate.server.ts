/**
 * The salon's electronic certificate for the AEAT (PKCS#12, VERIFACTU_CERT_P12
 * and VERIFACTU_CERT_PASSWORD), checked once at start: a missing file, a wrong
 * password or an expired certificate stops the start with one line.
 */
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import tls from "node:tls";

export interface ClientCertificate {
  pfx: Buffer;
  passphrase: string;
  /** The certificate's subject (for the log) and its end of validity. */
  subject: string;
  notAfter: Date;
}

export class CertificateError extends Error {}

/** Reads and checks the PKCS#12; throws CertificateError with one line naming the variable. */
export function loadClientCertificate(p12Path: string, passphrase: string, now = new Date()): ClientCertificate {
  let pfx: Buffer;
  try {
    pfx = readFileSync(p12Path);
  } catch {
    throw new CertificateError(`VERIFACTU_CERT_P12: no se puede leer el certificado ${p12Path}`);
  }
  let context: tls.SecureContext;
  try {
    context = tls.createSecureContext({ pfx, passphrase });
  } catch (err) {
    const reason = (err as Error).message;
    throw new CertificateError(
      /mac verify|password|decrypt/iu.test(reason)
        ? "VERIFACTU_CERT_PASSWORD: la contraseña no abre el certificado de VERIFACTU_CERT_P12"
        : `VERIFACTU_CERT_P12: no es un certificado PKCS#12 válido (${reason})`,
    );
  }
  // The certificate the context will present, as Node reads it from the PKCS#12.
  const raw = new tls.TLSSocket(null as never, { secureContext: context }).getCertificate();
  if (!raw || !("raw" in raw) || !raw.raw) {
    throw new CertificateError("VERIFACTU_CERT_P12: el archivo no contiene un certificado con su clave");
  }
  const cert = new X509Certificate(raw.raw);
  const notAfter = new Date(cert.validTo);
  const notBefore = new Date(cert.validFrom);
  if (notAfter.getTime() <= now.getTime()) {
    throw new CertificateError(`VERIFACTU_CERT_P12: el certificado caducó el ${notAfter.toISOString().slice(0, 10)}`);
  }
  if (notBefore.getTime() > now.getTime()) {
    throw new CertificateError(
      `VERIFACTU_CERT_P12: el certificado no es válido hasta el ${notBefore.toISOString().slice(0, 10)}`,
    );
  }
  return { pfx, passphrase, subject: cert.subject.replace(/\n/gu, ", "), notAfter };
}

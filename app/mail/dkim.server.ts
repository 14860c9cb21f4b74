import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";

/** nodemailer's `dkim` option: every message is signed for `domainName` (rsa-sha256, relaxed/relaxed). */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

export class DkimConfigError extends Error {}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * DKIM_DOMAIN, DKIM_SELECTOR and the key (DKIM_PRIVATE_KEY, PEM, `\n` allowed
 * for line breaks, or DKIM_PRIVATE_KEY_FILE): all or none. An unreadable or
 * non-RSA key stops the start with one line, which never quotes the key.
 */
export function dkimConfigOf(env: {
  domain?: string;
  selector?: string;
  privateKey?: string;
  privateKeyFile?: string;
}): DkimConfig | null {
  const { domain, selector, privateKey, privateKeyFile } = env;
  if (!domain && !selector && !privateKey && !privateKeyFile) return null;
  if (privateKey && privateKeyFile) {
    throw new DkimConfigError("DKIM_PRIVATE_KEY/DKIM_PRIVATE_KEY_FILE: define solo una de las dos");
  }
  const missing = [
    !domain && "DKIM_DOMAIN",
    !selector && "DKIM_SELECTOR",
    !privateKey && !privateKeyFile && "DKIM_PRIVATE_KEY",
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new DkimConfigError(`${missing.join(", ")}: hace falta para firmar con DKIM (o no definas ninguna DKIM_*)`);
  }
  if (!DOMAIN.test(domain!)) throw new DkimConfigError("DKIM_DOMAIN: debe ser un dominio (alejandranails.es)");
  if (!SELECTOR.test(selector!)) throw new DkimConfigError("DKIM_SELECTOR: debe ser un selector DNS (correo2026)");
  let pem: string;
  if (privateKeyFile) {
    try {
      pem = readFileSync(privateKeyFile, "utf8");
    } catch (err) {
      throw new DkimConfigError(
        `DKIM_PRIVATE_KEY_FILE: no se puede leer ${privateKeyFile} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  } else {
    pem = privateKey!.replaceAll("\\n", "\n");
  }
  const variable = privateKeyFile ? "DKIM_PRIVATE_KEY_FILE" : "DKIM_PRIVATE_KEY";
  let type: string | undefined;
  try {
    type = createPrivateKey(pem).asymmetricKeyType;
  } catch {
    throw new DkimConfigError(`${variable}: no es una clave privada PEM válida`);
  }
  if (type !== "rsa") throw new DkimConfigError(`${variable}: la clave debe ser RSA (es ${type ?? "desconocida"})`);
  return { domainName: domain!.toLowerCase(), keySelector: selector!, privateKey: pem };
}

/**
 * The fields signed: nodemailer's list (RFC 4871 §5.5, List-Unsubscribe
 * included) plus List-Unsubscribe-Post, which RFC 8058 requires to be signed.
 */
const SIGNED_FIELDS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "Content-ID",
  "Content-Description",
  "Resent-Date",
  "Resent-From",
  "Resent-Sender",
  "Resent-To",
  "Resent-Cc",
  "Resent-Message-ID",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Help",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "List-Subscribe",
  "List-Post",
  "List-Owner",
  "List-Archive",
].join(":");

/** nodemailer's transport options for signing (none without DKIM). */
export function dkimTransportOptions(dkim: DkimConfig | null) {
  return dkim ? { dkim: { ...dkim, headerFieldNames: SIGNED_FIELDS } } : {};
}

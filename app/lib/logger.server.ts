import { pino, type Logger } from "pino";
import { redactSecretPaths } from "~/secret-paths.ts";
import { currentRequestId } from "./request-context.server.ts";

export type { Logger };

/** Paths that must never reach a log line (passwords, tokens, cookies). */
const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.confirmPassword",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
  "*.secret",
  // The salon's certificate for the AEAT (VERIFACTU_CERT_P12 and its password), should an object holding it be logged.
  "*.passphrase",
  "*.pfx",
  "*.certificate",
  // The off-site backups' bucket key (BACKUP_S3_SECRET_ACCESS_KEY).
  "*.secretAccessKey",
  // The DKIM key (DKIM_PRIVATE_KEY), should the mail configuration be logged.
  "*.privateKey",
  // The backups' age identity (BACKUP_KEY), should the configuration be logged.
  "backup.key",
  "*.backup.key",
  // The same keys one level deeper: the whole configuration logged (config.dkim.privateKey, …).
  "*.*.privateKey",
  "*.*.secretAccessKey",
  "*.*.passphrase",
  "*.*.pfx",
];

/**
 * Every line, whatever field carries an address (the request's url, an error's
 * message or stack), goes out with its secret path segments as `[redacted]`
 * (app/secret-paths.ts).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: "[oculto]" },
      hooks: { streamWrite: redactSecretPaths },
      // The request (or the job a request caused) this line is about (request-context.server.ts).
      mixin: requestIdField,
    },
    destination as never,
  );
}

/** A new object each time: pino merges the line's own fields into it. */
function requestIdField(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

/** `%61` → `a`: escaped letters, digits and `-._~` mean the same unescaped (RFC 3986, 6.2.2.2). */
const ESCAPE = /%([0-9a-f]{2})/giu;
const UNRESERVED = /[A-Za-z0-9\-._~]/u;
const unescapeUnreserved = (path: string) =>
  path.includes("%")
    ? path.replace(ESCAPE, (escaped, hex: string) => {
        const char = String.fromCharCode(Number.parseInt(hex, 16));
        return UNRESERVED.test(char) ? char : escaped;
      })
    : path;

/**
 * The path as it may be logged: the query replaced by `?…` (it can carry reset
 * tokens, OAuth codes or session ids), escaped plain characters unescaped (the
 * router reads /cit%61/… as /cita/…) and every secret segment `[redacted]`.
 */
export function pathOnly(url: string | undefined): string {
  if (!url) return "";
  const q = url.indexOf("?");
  const path = unescapeUnreserved(q === -1 ? url : url.slice(0, q));
  return redactSecretPaths(q === -1 ? path : `${path}?…`);
}

import { pino, type Logger } from "pino";

export type { Logger };

/** Paths that must never reach a log line (passwords, tokens, cookies). */
const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers[\"set-cookie\"]",
  "*.password",
  "*.confirmPassword",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
  "*.secret",
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: "[oculto]" } }, destination as never);
}

/** Logs only the path: query strings can carry reset tokens, OAuth codes or session ids. */
export function pathOnly(url: string | undefined): string {
  if (!url) return "";
  const q = url.indexOf("?");
  return q === -1 ? url : `${url.slice(0, q)}?…`;
}

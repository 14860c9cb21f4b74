import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The bytes of quoted-printable text (soft line breaks removed, =XX decoded). */
function quotedPrintableBytes(raw: string): Buffer {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes quoted-printable (what nodemailer uses for non-ASCII text parts). */
export function decodeQuotedPrintable(raw: string): string {
  return quotedPrintableBytes(raw).toString("utf8");
}

/** RFC 2047 encoded-words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) to text. */
export function decodeMimeWords(value: string): string {
  // Whitespace between two adjacent encoded-words is not part of the text.
  const joined = value.replace(/(\?=)\s+(=\?)/g, "$1$2");
  return joined.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Names of the .eml files in an outbox (none when the directory does not exist). */
export function emlFiles(outboxDir: string): string[] {
  try {
    return readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
}

/** Every .eml in an outbox addressed to `to`, oldest first, as written (not decoded). */
export function rawEmailsTo(outboxDir: string, to: string): string[] {
  return emlFiles(outboxDir)
    .map((f) => path.join(outboxDir, f))
    .map((f) => ({ f, raw: readFileSync(f, "utf8"), mtime: statSync(f).mtimeMs }))
    .filter(({ raw }) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(raw))
    .sort((a, b) => a.mtime - b.mtime || a.f.localeCompare(b.f))
    .map(({ raw }) => raw);
}

/** Every .eml in an outbox addressed to `to`, oldest first, decoded. */
export function emailsTo(outboxDir: string, to: string): string[] {
  return rawEmailsTo(outboxDir, to).map(decodeQuotedPrintable);
}

/** Newest .eml in an outbox addressed to `to`, decoded; null when there is none. */
export function latestEmailTo(outboxDir: string, to: string): string | null {
  return emailsTo(outboxDir, to).at(-1) ?? null;
}

export function resetLinkIn(email: string): string | null {
  return /https?:\/\/[^\s"<>]+\/restablecer-contrasena\?token=[A-Za-z0-9_%-]+/.exec(email)?.[0] ?? null;
}

/**
 * Waits (up to `timeoutMs`) for the outbox worker to deliver an email to `to`
 * whose decoded text satisfies `accept`: the newest one, or with `anyOf` any of
 * them (when several emails go out at once in no set order). It comes decoded,
 * or with `raw` as written (for `mimeParts`, `attachmentsOf`, `subjectOf`).
 */
export async function waitForEmailTo(
  outboxDir: string,
  to: string,
  accept: (email: string) => boolean = () => true,
  timeoutMs = 10_000,
  { anyOf = false, raw = false }: { anyOf?: boolean; raw?: boolean } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = rawEmailsTo(outboxDir, to);
    const candidates = anyOf ? all : all.slice(-1);
    const email = candidates.find((e) => accept(decodeQuotedPrintable(e)));
    if (email) return raw ? email : decodeQuotedPrintable(email);
    if (Date.now() > deadline) throw new Error(`no email to ${to} arrived in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A MIME entity's header block (folded lines joined) and its body. */
function splitEntity(entity: string): { head: string; body: string } {
  const end = /\r?\n\r?\n/.exec(entity);
  const head = end ? entity.slice(0, end.index) : entity;
  return { head: head.replace(/\r?\n[ \t]+/g, " "), body: end ? entity.slice(end.index + end[0].length) : "" };
}

/** The value of a header in an unfolded header block, or "". */
function headerIn(head: string, name: string): string {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
}

/** A parameter of a structured header value (`boundary`, `filename`, `name`), RFC 2231 forms included. */
function parameterOf(value: string, name: string): string | null {
  const plain = new RegExp(`;\\s*${name}="?([^";]*)"?`, "i").exec(value);
  if (plain) return decodeMimeWords(plain[1]!);
  // RFC 2231: name*=utf-8''a%20b, or continued as name*0*=…; name*1*=…
  const pieces = [...value.matchAll(new RegExp(`;\\s*${name}\\*(\\d*)(\\*?)="?([^";]*)"?`, "gi"))];
  if (!pieces.length) return null;
  const joined = pieces
    .sort((a, b) => Number(a[1] || 0) - Number(b[1] || 0))
    .map((m) => m[3]!)
    .join("");
  return decodeURIComponent(joined.replace(/^[\w-]*'[\w-]*'/, ""));
}

/** One leaf part of a message: its type, its file name when it is an attachment, its decoded bytes. */
export interface MimePart {
  /** "text/plain", "application/pdf"… (lower case, no parameters). */
  contentType: string;
  /** From Content-Disposition's filename (or Content-Type's name); null for a message's own text. */
  filename: string | null;
  content: Buffer;
}

/** Every leaf part of a raw .eml (multiparts walked through), its body decoded (base64, quoted-printable). */
export function mimeParts(raw: string): MimePart[] {
  const { head, body } = splitEntity(raw);
  const type = headerIn(head, "Content-Type");
  const contentType = (type.split(";")[0] || "text/plain").trim().toLowerCase();
  if (contentType.startsWith("multipart/")) {
    const boundary = parameterOf(type, "boundary");
    if (!boundary) return [];
    const marker = `--${boundary}`;
    return body
      .split(marker)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
  }
  const encoding = headerIn(head, "Content-Transfer-Encoding").toLowerCase();
  const content =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? quotedPrintableBytes(body)
        : Buffer.from(body, "utf8");
  const filename = parameterOf(headerIn(head, "Content-Disposition"), "filename") ?? parameterOf(type, "name");
  return [{ contentType, filename, content }];
}

/** The attachments of a raw .eml (the parts with a file name). */
export function attachmentsOf(raw: string): MimePart[] {
  return mimeParts(raw).filter((p) => p.filename !== null);
}

/** The text/plain body of a raw .eml (its own text, not an attached file), decoded. */
export function plainTextOf(raw: string): string {
  return mimeParts(raw)
    .filter((p) => p.filename === null && p.contentType === "text/plain")
    .map((p) => p.content.toString("utf8"))
    .join("\n");
}

/** The text/html body of a raw .eml, decoded. */
export function htmlOf(raw: string): string {
  return mimeParts(raw)
    .filter((p) => p.filename === null && p.contentType === "text/html")
    .map((p) => p.content.toString("utf8"))
    .join("\n");
}

/** The Subject of a raw .eml, encoded-words decoded. */
export function subjectOf(raw: string): string {
  return decodeMimeWords(headerIn(splitEntity(raw).head, "Subject"));
}

/** The text/calendar part (a .ics) of the newest .eml to `to` that carries one. */
export function newestCalendarTo(outboxDir: string, to: string): string {
  const calendar = rawEmailsTo(outboxDir, to)
    .map((raw) => mimeParts(raw).find((p) => p.contentType === "text/calendar"))
    .filter((p) => p !== undefined)
    .at(-1);
  if (!calendar) throw new Error(`no hay ningún correo con calendario para ${to}`);
  return calendar.content.toString("utf8");
}

/** An .ics's text as a calendar shows it: folded lines joined, TEXT escapes undone (RFC 5545). */
export function icsText(ics: string): string {
  return ics
    .replace(/\r?\n[ \t]/g, "")
    .replace(/\\n/gi, "\n")
    .replace(/\\([,;\\])/g, "$1");
}

/** An .ics property's value (its first occurrence: the VEVENT's, before any VALARM's), as a calendar shows it. */
export function icsProperty(ics: string, name: string): string {
  const unfolded = ics.replace(/\r?\n[ \t]/g, "");
  const value = new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m").exec(unfolded)?.[1] ?? "";
  return icsText(value);
}

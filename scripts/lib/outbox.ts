// Reads the .eml files the server writes to DATA_DIR/outbox when no SMTP_URL
// is set: just the headers the checks need (Subject, Message-ID, To).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface EmlHeaders {
  file: string;
  subject: string;
  messageId: string;
  to: string;
}

/** RFC 2047 encoded-words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) to text. */
export function decodeMimeWords(value: string): string {
  // Whitespace between two adjacent encoded-words is not part of the text.
  const joined = value.replace(/(\?=)\s+(=\?)/g, "$1$2");
  return joined.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) => {
    if (enc.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === "_") bytes.push(0x20);
      else if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(ch, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  });
}

export function parseEmlHeaders(file: string, raw: string): EmlHeaders {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
  return {
    file,
    subject: decodeMimeWords(header("Subject")),
    messageId: header("Message-ID"),
    to: decodeMimeWords(header("To")),
  };
}

/** Every message in the outbox (none when the directory does not exist). */
export function readOutbox(outboxDir: string): EmlHeaders[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.sort().map((f) => parseEmlHeaders(f, readFileSync(path.join(outboxDir, f), "utf8")));
}

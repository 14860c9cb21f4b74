// Reads the .eml files the server writes to DATA_DIR/outbox when no SMTP_URL
// is set: just the headers the checks need (Subject, Message-ID, To).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeMimeWords, emlFiles } from "../../tests/helpers/eml.ts";

interface EmlHeaders {
  file: string;
  subject: string;
  messageId: string;
  to: string;
}

function parseEmlHeaders(file: string, raw: string): EmlHeaders {
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
  return emlFiles(outboxDir)
    .sort()
    .map((f) => parseEmlHeaders(f, readFileSync(path.join(outboxDir, f), "utf8")));
}

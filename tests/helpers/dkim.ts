/**
 * A DKIM verifier for the tests (RFC 6376: rsa-sha256, relaxed/relaxed, which
 * is what nodemailer signs with), written apart from nodemailer's signer: the
 * receiving side's reading of a message, with the key a DNS TXT record would
 * publish.
 */
import { createHash, createVerify, type KeyObject } from "node:crypto";

interface Field {
  name: string;
  /** Everything after the colon, folding included. */
  value: string;
}

const relaxedValue = (value: string) =>
  value
    .replace(/\r\n(?=[ \t])/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();

const relaxedField = (f: Field) => `${f.name.toLowerCase()}:${relaxedValue(f.value)}`;

function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.length === 0 ? "" : `${lines.join("\r\n")}\r\n`;
}

function parseFields(head: string): Field[] {
  const fields: Field[] = [];
  for (const line of head.split("\r\n")) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1].value += `\r\n${line}`;
    else {
      const colon = line.indexOf(":");
      fields.push({ name: line.slice(0, colon), value: line.slice(colon + 1) });
    }
  }
  return fields;
}

export interface DkimResult {
  ok: boolean;
  reason: string;
  tags: Record<string, string>;
}

/** Verifies the message's first DKIM-Signature with `publicKey`. */
export function verifyDkim(raw: string, publicKey: KeyObject | string): DkimResult {
  const message = raw.replace(/\r?\n/g, "\r\n");
  const split = message.indexOf("\r\n\r\n");
  const fields = parseFields(message.slice(0, split));
  const body = message.slice(split + 4);
  const signature = fields.find((f) => f.name.toLowerCase() === "dkim-signature");
  if (!signature) return { ok: false, reason: "no DKIM-Signature", tags: {} };
  const tags = Object.fromEntries(
    relaxedValue(signature.value)
      .split(";")
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => [t.slice(0, t.indexOf("=")).trim(), t.slice(t.indexOf("=") + 1).replace(/\s+/g, "")]),
  );
  if (tags.a !== "rsa-sha256" || tags.c !== "relaxed/relaxed")
    return { ok: false, reason: `unsupported ${tags.a} ${tags.c}`, tags };
  const bodyHash = createHash("sha256").update(relaxedBody(body)).digest("base64");
  if (bodyHash !== tags.bh) return { ok: false, reason: "body hash mismatch", tags };
  // Each name in h= takes the next instance of that field from the bottom up.
  const used = new Set<Field>();
  const signed = tags.h.split(":").map((name) => {
    const field = fields.filter((f) => f.name.toLowerCase() === name.toLowerCase() && !used.has(f)).at(-1);
    if (field) used.add(field);
    return field ? `${relaxedField(field)}\r\n` : "";
  });
  const unsigned = { name: signature.name, value: signature.value.replace(/(\bb=)[^;]*/, "$1") };
  const data = signed.join("") + relaxedField(unsigned);
  const ok = createVerify("RSA-SHA256").update(data).verify(publicKey, tags.b, "base64");
  return { ok, reason: ok ? "pass" : "signature mismatch", tags };
}

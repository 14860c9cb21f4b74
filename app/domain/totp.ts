/**
 * One-time passwords for the staff's second factor: HOTP (RFC 4226) and TOTP
 * (RFC 6238) with base32 secrets (RFC 4648), as authenticator apps expect them:
 * SHA-1, 30-second steps, 6 digits. No I/O; the caller keeps the last step
 * accepted so a code is never taken twice.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type TotpAlgorithm = "sha1" | "sha256" | "sha512";

interface TotpOptions {
  /** Seconds per step (30 by default). */
  step?: number;
  /** Code length, 6 by default (RFC 6238's test vectors use 8). */
  digits?: number;
  algorithm?: TotpAlgorithm;
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, upper case, without padding (what otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Case-insensitive; spaces, dashes and trailing `=` ignored. Null on any other character. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s-]/g, "").replace(/=+$/, "").toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value === -1) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupSecret(secret: string, size = 4): string {
  return (secret.match(new RegExp(`.{1,${size}}`, "g")) ?? []).join(" ");
}

/** RFC 4226: the code for one counter value, left-padded with zeros. */
export function hotp(key: Uint8Array, counter: number, digits = 6, algorithm: TotpAlgorithm = "sha1"): string {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The 30-second step a moment falls in (RFC 6238 "T"). */
export function timeStep(timeMs: number, step = 30): number {
  return Math.floor(timeMs / 1000 / step);
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The step a code matches, looking one step either side for clock drift, and
 * only at steps later than `afterStep` (the last one accepted): a code that was
 * already used, or an older one, is refused. Null when nothing matches.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  timeMs: number,
  { afterStep = 0, window = 1, ...opts }: TotpOptions & { afterStep?: number; window?: number } = {},
): number | null {
  const digits = opts.digits ?? 6;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const now = timeStep(timeMs, opts.step);
  for (let s = now - window; s <= now + window; s++) {
    if (s <= afterStep || s < 0) continue;
    if (sameCode(hotp(key, s, digits, opts.algorithm), code)) return s;
  }
  return null;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${params.toString()}`;
}

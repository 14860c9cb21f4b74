import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Decodes quoted-printable (what nodemailer uses for non-ASCII text parts). */
export function decodeQuotedPrintable(raw: string): string {
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
  return Buffer.from(bytes).toString("utf8");
}

/** Names of the .eml files in an outbox (none when the directory does not exist). */
export function emlFiles(outboxDir: string): string[] {
  try {
    return readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
}

/** Every .eml in an outbox addressed to `to`, oldest first, decoded. */
export function emailsTo(outboxDir: string, to: string): string[] {
  return emlFiles(outboxDir)
    .map((f) => path.join(outboxDir, f))
    .map((f) => ({ f, raw: readFileSync(f, "utf8"), mtime: statSync(f).mtimeMs }))
    .filter(({ raw }) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(raw))
    .sort((a, b) => a.mtime - b.mtime || a.f.localeCompare(b.f))
    .map(({ raw }) => decodeQuotedPrintable(raw));
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
 * that satisfies `accept`: the newest one, or with `anyOf` any of them (when
 * several emails go out at once in no set order).
 */
export async function waitForEmailTo(
  outboxDir: string,
  to: string,
  accept: (email: string) => boolean = () => true,
  timeoutMs = 10_000,
  { anyOf = false }: { anyOf?: boolean } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const candidates = anyOf ? emailsTo(outboxDir, to) : [latestEmailTo(outboxDir, to)];
    const email = candidates.find((e) => e !== null && accept(e));
    if (email) return email;
    if (Date.now() > deadline) throw new Error(`no email to ${to} arrived in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

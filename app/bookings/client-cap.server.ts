/**
 * The cap on one client's upcoming online appointments (issue 31): at most
 * `rules.maxUpcomingPerClient` held or confirmed appointments that start
 * later, booked on the site (the staff's bookings are neither capped nor
 * counted). A client is her email (any case, any "+tag" of the same mailbox),
 * her phone (digits only: a Spanish number with or without +34 or 0034) and,
 * signed in, her account: an appointment matching any of them counts.
 *
 * Race-safe on any number of instances: the booking transaction first takes
 * a lock per key of the client, then counts (both `atCap`), then inserts. On
 * PostgreSQL the locks are transaction-scoped advisory locks, taken in one
 * order so two bookings never wait on each other; a second booking by the
 * same client waits until the first commits, and its count (a new statement,
 * so a new snapshot under READ COMMITTED) sees it. On SQLite a transaction
 * holds the write lock from its start (BEGIN IMMEDIATE,
 * app/db/sqlite-dialect.server.ts), so bookings already run one at a time.
 */
import { createHash } from "node:crypto";
import { PostgresAdapter, sql, type Expression, type SqlBool } from "kysely";
import { normalizeEmail } from "~/auth/accounts.server.ts";
import type { Db } from "~/db/db.server.ts";

export interface CapClient {
  userId: string | null;
  email: string;
  phone: string;
}

/** "Ana.Ruiz+citas@Example.com " → "ana.ruiz@example.com": one mailbox, whatever tag or case. */
export function mailboxOf(email: string): string {
  const text = normalizeEmail(email);
  const at = text.lastIndexOf("@");
  if (at <= 0) return text;
  const local = text.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${text.slice(at)}`;
}

/**
 * A phone's digits, a Spanish number without its prefix: "+34 612 34 56 78",
 * "0034612345678", "34612345678" and "612345678" are all "612345678"; another
 * country's number keeps its prefix ("+44 20…" → "4420…"). Empty for no digits.
 */
export function phoneKey(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (/^34[6789]\d{8}$/.test(digits)) digits = digits.slice(2);
  return digits;
}

/** The ways a phone with this key may be stored (the booking form stores "+34…", older rows may differ). */
function phoneSpellings(key: string): string[] {
  if (!key) return [];
  const international = /^[6789]\d{8}$/.test(key) ? `34${key}` : key;
  return [...new Set([key, international, `+${international}`, `00${international}`])];
}

/** The stored phone without the spaces, dots, dashes and brackets people type ("+34 612-34 56 78"). */
function compactPhone(phone: Expression<string>): Expression<string> {
  let out = phone;
  for (const c of [" ", "-", ".", "(", ")"]) out = sql<string>`replace(${out}, ${c}, '')`;
  return out;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern with ESCAPE '\'. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The lock keys of a client: her mailbox, her phone and her account. */
function lockKeys(client: CapClient): string[] {
  const keys = [`mail:${mailboxOf(client.email)}`];
  const phone = phoneKey(client.phone);
  if (phone) keys.push(`phone:${phone}`);
  if (client.userId) keys.push(`user:${client.userId}`);
  return keys;
}

/** A signed 64-bit advisory-lock id for a key. */
function advisoryId(key: string): bigint {
  const hash = createHash("sha256").update(`booking-client:${key}`).digest();
  return hash.readBigInt64BE(0);
}

/** Serialises the bookings of one client until the caller's transaction ends. */
async function lockClient(trx: Db, client: CapClient): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const ids = [...new Set(lockKeys(client).map(advisoryId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const id of ids) await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
}

/**
 * How many upcoming online appointments (held with a live hold, or confirmed)
 * the client has at `nowIso`, not counting `exceptId`.
 */
async function countUpcoming(trx: Db, client: CapClient, nowIso: string, exceptId?: string): Promise<number> {
  const mailbox = mailboxOf(client.email);
  const at = mailbox.lastIndexOf("@");
  const tagged = at > 0 ? `${likeLiteral(mailbox.slice(0, at))}+%${likeLiteral(mailbox.slice(at))}` : null;
  const phones = phoneSpellings(phoneKey(client.phone));
  let query = trx
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("source", "=", "online")
    .where("starts_at", ">", nowIso)
    .where((eb) =>
      eb.or([
        eb("status", "=", "confirmed"),
        eb.and([
          eb("status", "=", "held"),
          eb.or([eb("hold_expires_at", "is", null), eb("hold_expires_at", ">", nowIso)]),
        ]),
      ]),
    )
    .where((eb) => {
      const email = eb.fn<string>("lower", ["client_email"]);
      const matches: Expression<SqlBool>[] = [eb(email, "=", mailbox)];
      // The same mailbox with any tag; `escape` so that "_" or "%" in an address match only themselves.
      if (tagged) matches.push(sql<SqlBool>`${email} like ${tagged} escape '\\'`);
      if (phones.length > 0) matches.push(eb(compactPhone(eb.ref("client_phone")), "in", phones));
      if (client.userId) matches.push(eb("user_id", "=", client.userId));
      return eb.or(matches);
    });
  if (exceptId) query = query.where("id", "!=", exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether the client already has `limit` upcoming online appointments (not
 * counting `exceptId`). Takes her lock first, held until the caller's
 * transaction ends, so call it first in the transaction, before any write
 * takes a row lock: a second booking by her waits, then counts this one.
 */
export async function atCap(
  trx: Db,
  client: CapClient,
  nowIso: string,
  limit: number,
  exceptId?: string,
): Promise<boolean> {
  await lockClient(trx, client);
  return (await countUpcoming(trx, client, nowIso, exceptId)) >= limit;
}

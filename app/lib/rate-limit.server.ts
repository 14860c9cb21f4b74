import { sql } from "kysely";
import type { Db } from "~/db/db.server.ts";

export interface RateLimitRule {
  /** How many hits are allowed inside one window. */
  points: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** A refusal's status and Retry-After, for `data(body, tooManyRequests(limit))`. */
export function tooManyRequests(limit: RateLimitResult): ResponseInit {
  return { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } };
}

/** Expired windows deleted per sweep; a full batch lets the next hit sweep again. */
export const SWEEP_BATCH = 500;
export const SWEEP_INTERVAL_MS = 60_000;

/** Per database handle: when this process may sweep next (epoch ms). */
const nextSweepAt = new WeakMap<Db, number>();

/**
 * Deletes up to `batch` rows whose window has ended. Plain SQL
 * both databases run; several instances may sweep at once without harm (a row
 * is deleted once). The outer `expires_at` condition is re-checked against the
 * current row, so a window renewed by a concurrent hit is never removed.
 */
export async function sweepExpiredRateLimits(db: Db, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const nowIso = now.toISOString();
  const result = await db
    .deleteFrom("rate_limits")
    .where("expires_at", "<=", nowIso)
    .where("key", "in", (eb) =>
      eb.selectFrom("rate_limits").select("key").where("expires_at", "<=", nowIso).limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Housekeeping piggy-backed on traffic: at most once a minute per process and
 * database (sooner while a backlog remains), and never a reason for a hit to fail.
 */
async function maybeSweep(db: Db, now: Date): Promise<void> {
  const due = nextSweepAt.get(db) ?? 0;
  if (now.getTime() < due) return;
  nextSweepAt.set(db, now.getTime() + SWEEP_INTERVAL_MS);
  try {
    const deleted = await sweepExpiredRateLimits(db, now);
    if (deleted >= SWEEP_BATCH) nextSweepAt.set(db, now.getTime());
  } catch {
    // Best effort: the next sweep retries; the limit itself was already counted.
  }
}

/**
 * Fixed-window counter stored in the database, so limits hold across restarts
 * and across several instances sharing PostgreSQL. One atomic upsert per hit,
 * plus, about once a minute, a bounded delete of windows that have ended.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const expires = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, points: 1, expires_at: expires })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        points: sql<number>`case when rate_limits.expires_at <= ${nowIso} then 1 else rate_limits.points + 1 end`,
        expires_at: sql<string>`case when rate_limits.expires_at <= ${nowIso} then ${expires} else rate_limits.expires_at end`,
      }),
    )
    .returning(["points", "expires_at"])
    .executeTakeFirstOrThrow();
  await maybeSweep(db, now);
  const allowed = row.points <= rule.points;
  return {
    allowed,
    remaining: Math.max(0, rule.points - row.points),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((Date.parse(row.expires_at) - now.getTime()) / 1000)),
  };
}

/** Forget a key (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

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

/**
 * Fixed-window counter stored in the database, so limits hold across restarts
 * and across several instances sharing PostgreSQL. One atomic upsert per hit.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
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

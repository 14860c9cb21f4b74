import type { Db } from "~/db/db.server.ts";
import { hitRateLimit, resetRateLimit, type RateLimitRule } from "~/lib/rate-limit.server.ts";
import { sha256 } from "~/lib/ids.server.ts";

const MINUTE = 60_000;

/**
 * Per account: slows guessing one password. Per address: slows trying many
 * accounts; generous because a salon's clients may share one network (NAT).
 */
const authLimits = {
  loginAccount: { points: 5, windowMs: 15 * MINUTE },
  loginIp: { points: 60, windowMs: 15 * MINUTE },
  registerIp: { points: 20, windowMs: 60 * MINUTE },
  forgotAccount: { points: 3, windowMs: 60 * MINUTE },
  forgotIp: { points: 20, windowMs: 60 * MINUTE },
  resetIp: { points: 20, windowMs: 15 * MINUTE },
  passwordCheckAccount: { points: 5, windowMs: 15 * MINUTE },
  verifyResendAccount: { points: 3, windowMs: 60 * MINUTE },
  verifyIp: { points: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

type AuthLimit = keyof typeof authLimits;

/** Keys hold a hash, not the address or email: the table holds no personal data. */
const limitKey = (limit: AuthLimit, subject: string): string => `${limit}:${sha256(subject.toLowerCase())}`;

/** Counts one attempt against every given limit; false as soon as one is exhausted. */
export async function allowAttempt(db: Db, checks: [AuthLimit, string][]): Promise<boolean> {
  let allowed = true;
  for (const [limit, subject] of checks) {
    const r = await hitRateLimit(db, limitKey(limit, subject), authLimits[limit]);
    if (!r.allowed) allowed = false;
  }
  return allowed;
}

export function clearLimit(db: Db, limit: AuthLimit, subject: string): Promise<void> {
  return resetRateLimit(db, limitKey(limit, subject));
}

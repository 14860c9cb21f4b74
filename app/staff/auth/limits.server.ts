/**
 * Rate limits of the staff's sign-in steps, on the shared database counter
 * (app/lib/rate-limit.server.ts). Keys hold a hash of the subject only.
 */
import type { Db } from "~/db/db.server.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { STAFF_LOCKOUT_MINUTES } from "./messages.ts";
import { hitRateLimit, resetRateLimit, type RateLimitResult, type RateLimitRule } from "~/lib/rate-limit.server.ts";

const MINUTE = 60_000;

const staffLimits = {
  /** Second-factor codes per account: the fifth wrong one ends the sign-in and locks it for 15 minutes. */
  staffCodeAccount: { points: 5, windowMs: STAFF_LOCKOUT_MINUTES * MINUTE },
  /** Second-factor codes per address, whatever the account. */
  staffCodeIp: { points: 30, windowMs: 15 * MINUTE },
  /** Activation-page submissions per address (each may check a password). */
  staffActivateIp: { points: 20, windowMs: 15 * MINUTE },
  /** Password checks for an existing account on the activation page. */
  staffActivateAccount: { points: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

type StaffLimit = keyof typeof staffLimits;

const key = (limit: StaffLimit, subject: string): string => `${limit}:${sha256(subject.toLowerCase())}`;

export function hitStaffLimit(db: Db, limit: StaffLimit, subject: string): Promise<RateLimitResult> {
  return hitRateLimit(db, key(limit, subject), staffLimits[limit]);
}

export function clearStaffLimit(db: Db, limit: StaffLimit, subject: string): Promise<void> {
  return resetRateLimit(db, key(limit, subject));
}

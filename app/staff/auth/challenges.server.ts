/**
 * The step between a staff member's correct password (or Google) and the second
 * factor: no session yet, only a 5-minute challenge (hash stored in
 * staff_challenges, raw token in an HttpOnly cookie) that /gestion/verificar
 * spends once the code is right. The home of staff_challenges queries.
 */
import { redirectDocument } from "react-router";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { readCookie, serializeCookie } from "~/auth/session.server.ts";
import type { Config } from "~/config.server.ts";
import type { Db } from "~/db/db.server.ts";
import { isRole, isStaffRole } from "~/domain/roles.ts";
import { newToken, nowIso, sha256 } from "~/lib/ids.server.ts";
import { hasSecondFactor } from "./second-factor.server.ts";

const CHALLENGE_COOKIE = "an_staff_challenge";
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const VERIFY_PATH = "/gestion/verificar";
/** Where a staff member lands after the second factor when the sign-in named no page. */
const STAFF_HOME = "/gestion";

type CookieConfig = Pick<Config, "isLocalOrigin">;

// Path=/gestion: also sent with the verify page's data requests (/gestion/verificar.data).
const challengeCookie = (config: CookieConfig, value: string, maxAgeSeconds: number) =>
  serializeCookie(config, CHALLENGE_COOKIE, value, { maxAgeSeconds, path: "/gestion" });

export const clearChallengeCookie = (config: CookieConfig): string => challengeCookie(config, "", 0);

export const readChallengeToken = (request: Request): string | null =>
  readCookie(request.headers.get("cookie"), CHALLENGE_COOKIE);

/** Opens a challenge for the user; returns the Set-Cookie header carrying it. */
async function startChallenge(
  db: Db,
  config: CookieConfig,
  userId: string,
  redirectTo: string | null,
): Promise<string> {
  const now = new Date();
  await db
    .deleteFrom("staff_challenges")
    .where("user_id", "=", userId)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  const token = newToken();
  await db
    .insertInto("staff_challenges")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      redirect_to: redirectTo ? safeRedirect(redirectTo, STAFF_HOME) : null,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return challengeCookie(config, token, CHALLENGE_TTL_MS / 1000);
}

interface Challenge {
  tokenHash: string;
  userId: string;
  email: string;
  redirectTo: string;
}

/** The live challenge behind a cookie token, with its user still a staff member; null otherwise. */
export async function findChallenge(db: Db, token: string | null): Promise<Challenge | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("staff_challenges")
    .innerJoin("users", "users.id", "staff_challenges.user_id")
    .select([
      "staff_challenges.token_hash",
      "staff_challenges.user_id",
      "staff_challenges.redirect_to",
      "users.email",
      "users.role",
    ])
    .where("staff_challenges.token_hash", "=", sha256(token))
    .where("staff_challenges.expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row || !isRole(row.role) || !isStaffRole(row.role)) return null;
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    email: row.email,
    redirectTo: safeRedirect(row.redirect_to, STAFF_HOME),
  };
}

/** Deletes the challenge; true for the one request that spent it. */
export async function spendChallenge(trx: Db, tokenHash: string): Promise<boolean> {
  const r = await trx
    .deleteFrom("staff_challenges")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Ends every pending sign-in of the user (lockout, removal from the staff). */
export async function dropChallenges(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("staff_challenges").where("user_id", "=", userId).execute();
}

export const NO_SECOND_FACTOR =
  "Tu acceso al área de gestión no tiene la verificación en dos pasos activada. Pide a la propietaria una invitación nueva.";

/**
 * The sign-in of a staff member whose password (or Google account) was right:
 * no session, a challenge and the way to the second factor. Null when the
 * account has no second factor to pass (the caller refuses the sign-in).
 */
export async function staffSignInRedirect(
  db: Db,
  config: CookieConfig,
  userId: string,
  redirectTo: string | null | undefined,
  headers: Headers = new Headers(),
): Promise<Response | null> {
  if (!(await hasSecondFactor(db, userId))) return null;
  headers.append("Set-Cookie", await startChallenge(db, config, userId, redirectTo ?? null));
  // A document load, not an in-app navigation: the staff area runs in a document
  // of its own, with its own opener policy (server/security.ts, openerPolicy).
  return redirectDocument(VERIFY_PATH, { headers });
}

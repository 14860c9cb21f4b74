import { createHmac, timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import type { Config } from "~/config.server.ts";
import type { Db } from "~/db/db.server.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { createUser, findUserByEmail, findUserByGoogleSub, linkGoogle, voidPendingLinks } from "./accounts.server.ts";
import { clearLimit } from "./rate-limits.server.ts";
import { readCookie, serializeCookie } from "./session.server.ts";

const GOOGLE_CALLBACK_PATH = "/auth/google/callback";
const OIDC_COOKIE = "an_oidc";
const OIDC_COOKIE_TTL_S = 600;

export type GoogleIntent = "login" | "register";

/** What travels through the browser between start and callback (signed, HttpOnly, 10 min). */
interface OidcTransaction {
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
  intent: GoogleIntent;
  /**
   * The language of the page that started the sign-in (the callback's URL has
   * none): a new account gets it. Absent in cookies made before it existed.
   */
  locale?: Locale;
}

type GoogleServices = { config: Config; db: Db; logger: Logger };
type GoogleConfig = NonNullable<Config["google"]>;

export class GoogleSignInError extends Error {
  constructor(
    message: string,
    readonly intent: GoogleIntent = "login",
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Discovery once per process; a failed attempt is forgotten so the next sign-in retries. */
function clientConfig(google: GoogleConfig): Promise<oidc.Configuration> {
  const key = `${google.issuer}|${google.clientId}`;
  let p = discovered.get(key);
  if (!p) {
    const issuer = new URL(google.issuer);
    // Plain http only for a local test/development issuer, never for a real one.
    const local = issuer.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
    p = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
      execute: local ? [oidc.allowInsecureRequests] : [],
    });
    p.catch(() => discovered.delete(key));
    discovered.set(key, p);
  }
  return p;
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function sealOidcCookie(config: Config, tx: OidcTransaction): string {
  const payload = Buffer.from(JSON.stringify(tx)).toString("base64url");
  const value = `${payload}.${sign(config.sessionSecrets[0], payload)}`;
  return serializeCookie(config, OIDC_COOKIE, value, { maxAgeSeconds: OIDC_COOKIE_TTL_S, path: "/auth/google" });
}

export function clearOidcCookie(config: Config): string {
  return serializeCookie(config, OIDC_COOKIE, "", { maxAgeSeconds: 0, path: "/auth/google" });
}

export function openOidcCookie(config: Config, cookieHeader: string | null): OidcTransaction | null {
  const raw = readCookie(cookieHeader, OIDC_COOKIE);
  if (!raw) return null;
  const [payload, mac] = raw.split(".");
  if (!payload || !mac) return null;
  const given = Buffer.from(mac);
  const ok = config.sessionSecrets.some((s) => {
    const expected = Buffer.from(sign(s, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!ok) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as OidcTransaction;
  } catch {
    return null;
  }
}

/** Authorization URL (code + PKCE S256, state, nonce) and the cookie that remembers them. */
export async function startGoogleSignIn(
  services: GoogleServices,
  opts: { redirectTo: string; intent: GoogleIntent; locale?: Locale },
): Promise<{ url: string; setCookie: string }> {
  const { config } = services;
  if (!config.google) throw new GoogleSignInError("Google is not configured", opts.intent);
  const client = await clientConfig(config.google);
  const tx: OidcTransaction = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectTo: opts.redirectTo,
    intent: opts.intent,
    locale: opts.locale ?? DEFAULT_LOCALE,
  };
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(tx.verifier),
    code_challenge_method: "S256",
    state: tx.state,
    nonce: tx.nonce,
  });
  return { url: url.href, setCookie: sealOidcCookie(config, tx) };
}

interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
}

/**
 * Checks the callback (state, PKCE, ID token signature, issuer, audience,
 * nonce, expiry — all by openid-client) and returns the local user id,
 * creating or linking the account. Linking or creating needs an email the
 * issuer has verified: otherwise anyone could claim someone else's address.
 *
 * An existing account is linked only if its own address was verified (by our
 * link, a reset, or Google before). An unverified password account with the
 * address is treated as a possible pre-registration by someone else (account
 * pre-hijacking): Google has just proven who owns the mailbox, so that person
 * gets the account and whoever set the password is locked out — see
 * `claimUnverifiedAccount`.
 */
export async function finishGoogleSignIn(
  services: GoogleServices,
  request: Request,
): Promise<{ userId: string; redirectTo: string; created: boolean; claimed?: boolean }> {
  const { config, db } = services;
  const tx = openOidcCookie(config, request.headers.get("cookie"));
  if (!config.google) throw new GoogleSignInError("Google is not configured");
  if (!tx) throw new GoogleSignInError("missing or tampered OIDC cookie");
  const client = await clientConfig(config.google);
  // Rebuild the URL on the public origin: it must equal the redirect_uri we registered.
  const current = new URL(`${config.publicUrl}${GOOGLE_CALLBACK_PATH}${new URL(request.url).search}`);
  let identity: GoogleIdentity;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, current, {
      pkceCodeVerifier: tx.verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    let info: Record<string, unknown> = claims;
    if (typeof claims.email !== "string")
      info = { ...(await oidc.fetchUserInfo(client, tokens.access_token, claims.sub)), ...claims };
    identity = {
      sub: claims.sub,
      email: typeof info.email === "string" ? info.email.toLowerCase() : null,
      emailVerified: info.email_verified === true || info.email_verified === "true",
      givenName: typeof info.given_name === "string" ? info.given_name : "",
      familyName: typeof info.family_name === "string" ? info.family_name : "",
      name: typeof info.name === "string" ? info.name : "",
    };
  } catch (err) {
    throw new GoogleSignInError("OIDC callback refused", tx.intent, { cause: err });
  }

  const bySub = await findUserByGoogleSub(db, identity.sub);
  if (bySub) return { userId: bySub.id, redirectTo: tx.redirectTo, created: false };
  if (!identity.email || !identity.emailVerified) {
    throw new GoogleSignInError("email missing or not verified by the issuer", tx.intent);
  }
  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.google_sub && byEmail.google_sub !== identity.sub) {
      throw new GoogleSignInError("account already linked to another Google identity", tx.intent);
    }
    if (byEmail.email_verified_at) {
      await linkGoogle(db, byEmail.id, identity.sub);
      return { userId: byEmail.id, redirectTo: tx.redirectTo, created: false };
    }
    if (!(await claimUnverifiedAccount(db, byEmail.id, identity.email, identity.sub))) {
      throw new GoogleSignInError("account changed during Google sign-in", tx.intent);
    }
    return { userId: byEmail.id, redirectTo: tx.redirectTo, created: false, claimed: true };
  }
  const firstName = identity.givenName || identity.name.split(" ")[0] || identity.email.split("@")[0];
  const lastName = identity.familyName || identity.name.split(" ").slice(1).join(" ");
  const userId = await createUser(db, {
    email: identity.email,
    firstName,
    lastName,
    displayName: identity.name || undefined,
    passwordHash: null,
    googleSub: identity.sub,
    emailVerifiedAt: new Date().toISOString(),
    // Signed by us, but re-checked: only "es" or "ca" is ever stored.
    locale: isLocale(tx.locale) ? tx.locale : DEFAULT_LOCALE,
  });
  return { userId, redirectTo: tx.redirectTo, created: true };
}

/**
 * Hands an unverified account over to the person Google says owns its address:
 * in one transaction the password is removed, every session ends, pending
 * reset and verification links die, the address is marked verified and the
 * Google subject linked. The conditions (still this address, still
 * unverified, no Google link) make a concurrent change lose rather than mix.
 * False when the account no longer matches.
 */
async function claimUnverifiedAccount(
  db: Db,
  userId: string,
  email: string,
  sub: string,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("users")
      .set({ password_hash: null, google_sub: sub, email_verified_at: at })
      .where("id", "=", userId)
      .where("email", "=", email)
      .where("email_verified_at", "is", null)
      .where("google_sub", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await voidPendingLinks(trx, userId, at);
    await clearLimit(trx, "loginAccount", email);
    return true;
  });
}

import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { Config } from "~/config.server.ts";
import { getServices } from "~/context.server.ts";
import type { Db } from "~/db/db.server.ts";
import { isRole, type Role } from "~/domain/roles.ts";
import { newToken, nowIso, sha256 } from "~/lib/ids.server.ts";
import { signInRedirectPath } from "./sign-in-redirect.ts";

/** The signed-in account as loaders and actions see it. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** False until the owner proved the address (verification link, reset, or Google). */
  emailVerified: boolean;
  /** customer | staff | owner, read from the database on every request (a removed role acts at once). */
  role: Role;
  /** This session was opened with a second factor (TOTP or a recovery code). */
  secondFactor: boolean;
}

type Ctx = Readonly<RouterContextProvider>;

export const SESSION_COOKIE = "an_session";
/**
 * Fixed lifetime from sign-in (not sliding): a stolen cookie stops working after
 * 30 days at the latest, and no write is needed on every request.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Staff sessions (opened with the second factor) last one working day: 12 hours. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Reads one cookie from a Cookie header without a dependency. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function serializeCookie(
  config: Pick<Config, "isLocalOrigin">,
  name: string,
  value: string,
  opts: { maxAgeSeconds: number; path?: string },
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${opts.path ?? "/"}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (opts.maxAgeSeconds === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (!config.isLocalOrigin) parts.push("Secure");
  return parts.join("; ");
}

const userColumns = [
  "users.id",
  "users.email",
  "users.display_name",
  "users.first_name",
  "users.last_name",
  "users.phone",
  "users.email_verified_at",
  "users.role",
  "sessions.second_factor_at",
] as const;

/** Looks a raw cookie token up; expired rows count as absent. */
export async function findUserBySessionToken(db: Db, token: string, now = new Date()): Promise<AuthUser | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(userColumns)
    .where("sessions.id", "=", sha256(token))
    .where("sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    emailVerified: row.email_verified_at !== null,
    role: isRole(row.role) ? row.role : "customer",
    secondFactor: row.second_factor_at !== null,
  };
}

/**
 * The root loader and the page's loader both ask within one request: one query,
 * kept in the request's own context (a WeakMap keyed by the Request kept every
 * answer alive through V8's minor collections, into the old generation). Only
 * for the same Request: after an action (which may have changed the account or
 * ended the session) React Router runs the loaders with a Request of their own,
 * and they ask again.
 */
const userLookupContext = createContext<{ request: Request; user: Promise<AuthUser | null> } | null>(null);

export function getOptionalUser(request: Request, context: Ctx): Promise<AuthUser | null> {
  const cached = context.get(userLookupContext);
  if (cached?.request === request) return cached.user;
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  const user = token ? findUserBySessionToken(getServices(context).db, token) : Promise.resolve(null);
  context.set(userLookupContext, { request, user });
  return user;
}

/**
 * Guard for protected routes: sends visitors to /login (/ca/inici-sessio from a
 * Catalan page: signInRedirectPath) and brings them back afterwards.
 * Pass the `url` argument React Router gives loaders, actions and middleware: on a
 * client navigation `request.url` is the raw data request (`/perfil.data?_routes=…`),
 * which is no page to come back to.
 */
export async function requireUser(request: Request, context: Ctx, url: URL = new URL(request.url)): Promise<AuthUser> {
  const user = await getOptionalUser(request, context);
  if (user) return user;
  throw redirect(signInRedirectPath(url));
}

/**
 * Stores a new session (hash only) and returns the raw token. `secondFactor`:
 * the staff's session, opened with password (or Google) plus TOTP or a recovery
 * code; it is the only kind the staff area accepts, and it lasts 12 hours.
 */
export async function insertSession(
  db: Db,
  userId: string,
  now = new Date(),
  { secondFactor = false }: { secondFactor?: boolean } = {},
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("sessions")
    .values({
      id: sha256(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + (secondFactor ? STAFF_SESSION_TTL_MS : SESSION_TTL_MS)).toISOString(),
      created_at: now.toISOString(),
      second_factor_at: secondFactor ? now.toISOString() : null,
    })
    .execute();
  await db.updateTable("users").set({ last_login_at: now.toISOString() }).where("id", "=", userId).execute();
  return token;
}

/**
 * A new session on every sign-in (never reuses a token a visitor brought along).
 * Returns the Set-Cookie header value. Also drops that user's expired rows.
 */
export async function createSession(context: Ctx, userId: string): Promise<string> {
  const { db, config } = getServices(context);
  await db.deleteFrom("sessions").where("user_id", "=", userId).where("expires_at", "<=", nowIso()).execute();
  const token = await insertSession(db, userId);
  return serializeCookie(config, SESSION_COOKIE, token, { maxAgeSeconds: SESSION_TTL_MS / 1000 });
}

/**
 * The staff's sign-in, once the second factor passed: drops the user's expired
 * sessions and any opened without the second factor, stores a 12-hour session
 * and returns its Set-Cookie header. Pass the transaction that spent the challenge.
 */
export async function createStaffSession(db: Db, config: Pick<Config, "isLocalOrigin">, userId: string): Promise<string> {
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("expires_at", "<=", nowIso()), eb("second_factor_at", "is", null)]))
    .execute();
  const token = await insertSession(db, userId, new Date(), { secondFactor: true });
  return serializeCookie(config, SESSION_COOKIE, token, { maxAgeSeconds: STAFF_SESSION_TTL_MS / 1000 });
}

/** Set-Cookie value that removes the session cookie from the browser. */
export function clearSessionCookie(config: Pick<Config, "isLocalOrigin">): string {
  return serializeCookie(config, SESSION_COOKIE, "", { maxAgeSeconds: 0 });
}

/** Deletes the current session server-side; returns the Set-Cookie header that clears it. */
export async function destroySession(request: Request, context: Ctx): Promise<string> {
  const { db, config } = getServices(context);
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (token) await db.deleteFrom("sessions").where("id", "=", sha256(token)).execute();
  // Signed out for the rest of this request too.
  if (context.get(userLookupContext)?.request === request) context.set(userLookupContext, null);
  return serializeCookie(config, SESSION_COOKIE, "", { maxAgeSeconds: 0 });
}

/** Ends every session of a user except, optionally, the current one (password change/reset). */
export async function destroyOtherSessions(db: Db, userId: string, keepToken?: string | null): Promise<void> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepToken) q = q.where("id", "!=", sha256(keepToken));
  await q.execute();
}

export function currentSessionToken(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE);
}

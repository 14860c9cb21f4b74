/**
 * The token of a one-click unsubscribe link (/baja/<token>, RFC 8058): it opens
 * one thing, turning one kind of email off for one account, with no sign-in, so
 * it is a capability: an HMAC-SHA256 over the topic and the user id, signed with
 * the first session secret and accepted with any of them (a rotation keeps the
 * links already sent working). It does not expire: an email read months later
 * must still unsubscribe.
 *
 * The token is base64url(user id bytes ‖ 32-byte MAC): one URL-safe segment with
 * no separator, so no "." that a static-file rule or a `.data` suffix could take
 * for an extension. Pure (node:crypto only): no database, no config.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The course reminder ("Recordatorios de mis cursos"), the only topic so far. */
export const COURSE_REMINDERS_TOPIC = "course-reminders";

const MAC_BYTES = 32;
/** A user id is short; anything longer is not a token of ours. */
const MAX_TOKEN_LENGTH = 256;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

// The prefix keeps this MAC apart from the other uses of the session secrets.
function mac(secret: string, topic: string, userId: string): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe:v1:${topic}:${userId}`).digest();
}

export function makeUnsubscribeToken(secret: string, topic: string, userId: string): string {
  return Buffer.concat([Buffer.from(userId, "utf8"), mac(secret, topic, userId)]).toString("base64url");
}

/** The user id the token was made for, when one of `secrets` signed it for `topic`; null for anything else. */
export function checkUnsubscribeToken(secrets: readonly string[], topic: string, token: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH || !BASE64URL.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  // One spelling per token: a re-encoding that differs (stray trailing bits) is not ours.
  if (bytes.length <= MAC_BYTES || bytes.toString("base64url") !== token) return null;
  const idBytes = bytes.subarray(0, bytes.length - MAC_BYTES);
  const userId = idBytes.toString("utf8");
  if (!Buffer.from(userId, "utf8").equals(idBytes)) return null;
  const given = bytes.subarray(bytes.length - MAC_BYTES);
  // Every secret is tried (no early exit), each compared in constant time.
  let ok = false;
  for (const secret of secrets) ok = timingSafeEqual(mac(secret, topic, userId), given) || ok;
  return ok ? userId : null;
}

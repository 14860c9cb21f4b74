/**
 * The staff's second factor: the TOTP secret (staff_totp) and the ten single-use
 * recovery codes (recovery_codes, hashes only). The home of both tables' queries.
 */
import { createHmac, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import type { Db } from "~/db/db.server.ts";
import { base32Decode, base32Encode, matchTotp, otpauthUri } from "~/domain/totp.ts";
import { newId, nowIso, sha256 } from "~/lib/ids.server.ts";

const RECOVERY_CODE_COUNT = 10;
const TOTP_ISSUER = "Alejandra Nails";

/**
 * The secret offered on an activation page. Derived from the invitation (its
 * token hash) with the server's secret, so reloading the page shows the same QR
 * code, nothing is stored before the person confirms it, and nobody without
 * the server's secret can compute it.
 */
export function enrolmentSecret(serverSecret: string, invitationHash: string): string {
  const bytes = createHmac("sha256", serverSecret).update(`staff-totp:${invitationHash}`).digest().subarray(0, 20);
  return base32Encode(bytes);
}

/** The QR code of the otpauth:// URI, as an SVG string drawn on the server. */
export function totpQrSvg(secret: string, account: string): Promise<string> {
  return QRCode.toString(otpauthUri({ secret, account, issuer: TOTP_ISSUER }), {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
}

/** The step a code for `secret` matches now (±1 step), or null. For enrolment only. */
export function matchEnrolmentCode(secret: string, code: string, now = Date.now()): number | null {
  const key = base32Decode(secret);
  return key ? matchTotp(key, code, now) : null;
}

/** Replaces the user's TOTP secret with a confirmed one; `step` was just used to confirm it. */
export async function saveConfirmedTotp(trx: Db, userId: string, secret: string, step: number): Promise<void> {
  const now = nowIso();
  await trx.deleteFrom("staff_totp").where("user_id", "=", userId).execute();
  await trx
    .insertInto("staff_totp")
    .values({ user_id: userId, secret, confirmed_at: now, last_step: step, created_at: now })
    .execute();
}

/**
 * Checks a code against the user's confirmed secret and spends its step: the
 * conditional UPDATE (`last_step < step`) lets one request win when the same
 * code arrives twice at once, and refuses it ever after.
 */
export async function verifyStaffTotp(db: Db, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom("staff_totp")
    .select(["secret", "last_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  const key = row ? base32Decode(row.secret) : null;
  if (!row || !key) return false;
  const step = matchTotp(key, code, now, { afterStep: Number(row.last_step) });
  if (step === null) return false;
  const spent = await db
    .updateTable("staff_totp")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where("last_step", "<", step)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** "abcde-fghij": 50 random bits in a-z2-7, grouped for reading. */
function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** What a person typed, in the stored form: lower case without spaces or dashes; null if it cannot be one. */
function normalizeRecoveryCode(input: string): string | null {
  const clean = input.replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z2-7]{10}$/.test(clean) ? clean : null;
}

const recoveryHash = (normalized: string): string => sha256(`recovery:${normalized}`);

/** Voids the old codes and stores ten new ones (hashes); returns the codes to show once. */
export async function replaceRecoveryCodes(trx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: recoveryHash(normalizeRecoveryCode(code) ?? code),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

/** Spends one recovery code (conditional UPDATE: a code works once, even under a race). */
async function consumeRecoveryCode(db: Db, userId: string, input: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(input);
  if (!normalized) return false;
  const spent = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryHash(normalized))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type StaffCodeResult = "totp" | "recovery" | "wrong";

/** Six digits are a TOTP code; anything else is tried as a recovery code. */
export async function checkStaffCode(
  db: Db,
  userId: string,
  input: string,
  now = Date.now(),
): Promise<StaffCodeResult> {
  const code = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) return (await verifyStaffTotp(db, userId, code, now)) ? "totp" : "wrong";
  return (await consumeRecoveryCode(db, userId, code)) ? "recovery" : "wrong";
}

/** Whether the person can pass the second factor at all (a confirmed app, or a recovery code left). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const totp = await db
    .selectFrom("staff_totp")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return totp !== undefined || (await countRecoveryCodes(db, userId)) > 0;
}

/** A removed staff member keeps no second factor. */
export async function clearSecondFactor(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom("staff_totp").where("user_id", "=", userId).execute();
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

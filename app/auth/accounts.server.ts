import type { Selectable } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import type { UsersTable } from "~/db/schema.ts";
import { billingColumns, type BillingDetails } from "~/domain/billing-details.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { requestEmailVerification } from "./email-verification.server.ts";
import { DEFAULT_USER_SETTINGS, settingsColumns } from "./user-settings.server.ts";

export class EmailInUseError extends Error {
  constructor() {
    super("email already registered");
  }
}

export type UserRow = Selectable<UsersTable>;

/** Emails are stored lower-cased and trimmed: one account per address, whatever the case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function displayNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("google_sub", "=", sub).executeTakeFirst();
}

interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  passwordHash: string | null;
  googleSub?: string | null;
  displayName?: string;
  /** When the address was proven (Google accounts); password sign-ups start unverified. */
  emailVerifiedAt?: string | null;
  /** The language of the page she signed up on (her emails' and documents'); Spanish when not given. */
  locale?: Locale;
}

/**
 * Creates the account and its settings row; EmailInUseError when the address is
 * taken (also under a race). An address not proven yet gets its verification
 * email queued in the same transaction.
 */
export async function createUser(db: Db, input: NewUser): Promise<string> {
  const id = newId();
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("users")
        .values({
          id,
          email: normalizeEmail(input.email),
          password_hash: input.passwordHash,
          google_sub: input.googleSub ?? null,
          display_name: input.displayName ?? displayNameOf(input.firstName, input.lastName),
          first_name: input.firstName,
          last_name: input.lastName,
          phone: input.phone ?? "",
          created_at: now,
          last_login_at: null,
          email_verified_at: input.emailVerifiedAt ?? null,
          locale: input.locale ?? DEFAULT_LOCALE,
        })
        .execute();
      await trx
        .insertInto("user_settings")
        .values({ user_id: id, ...settingsColumns(DEFAULT_USER_SETTINGS), updated_at: now })
        .execute();
      if (!input.emailVerifiedAt) await requestEmailVerification(trx, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailInUseError();
    throw err;
  }
  return id;
}

interface ProfileUpdate {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * Saves the profile. A new email address is not proven yet: verification is
 * cleared, links sent to the old address (reset, verification) stop working,
 * and a verification email for the new one is queued in the same transaction
 * (the worker sends it on its next pass; callers may kick it). Returns whether
 * the address changed.
 */
export async function updateProfile(db: Db, userId: string, p: ProfileUpdate): Promise<{ emailChanged: boolean }> {
  const email = normalizeEmail(p.email);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
      const emailChanged = before !== undefined && before.email !== email;
      await trx
        .updateTable("users")
        .set({
          first_name: p.firstName,
          last_name: p.lastName,
          display_name: displayNameOf(p.firstName, p.lastName),
          email,
          phone: p.phone,
          ...(emailChanged ? { email_verified_at: null } : {}),
        })
        .where("id", "=", userId)
        .execute();
      if (emailChanged) {
        await voidPendingLinks(trx, userId, nowIso());
        await requestEmailVerification(trx, userId);
      }
      return { emailChanged };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailInUseError();
    throw err;
  }
}

/**
 * The billing details offered at the next checkout (users.billing_*): saved with
 * an order that carries them (call it in the order's transaction) or from the
 * profile; null clears them. The caller has checked them (parseBillingForm).
 */
export async function saveBillingDetails(db: Db, userId: string, details: BillingDetails | null): Promise<void> {
  await db
    .updateTable("users")
    .set(billingColumns(details))
    .where("id", "=", userId)
    .execute();
}

/** The account's language (users.locale), for what is written to her outside a page; Spanish when unknown. */
export async function localeOfUser(db: Db, userId: string): Promise<Locale> {
  const row = await db.selectFrom("users").select("locale").where("id", "=", userId).executeTakeFirst();
  return row?.locale ?? DEFAULT_LOCALE;
}

/** Her choice in /perfil/ajustes: the language of her emails and documents from now on. */
export async function setUserLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.updateTable("users").set({ locale }).where("id", "=", userId).execute();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

/** Links a Google identity to an account whose address is already proven. */
export async function linkGoogle(db: Db, userId: string, sub: string): Promise<void> {
  await db.updateTable("users").set({ google_sub: sub }).where("id", "=", userId).execute();
}

/** Kills every unused reset and verification link of the account (address changed or taken over). */
export async function voidPendingLinks(trx: Db, userId: string, at: string): Promise<void> {
  await trx
    .updateTable("password_resets")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .updateTable("email_verifications")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

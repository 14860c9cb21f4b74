/**
 * Proof that the person owns the account's email address: a single-use link,
 * valid 48 hours, bound to the address it was sent to. Until it is used the
 * account is "unverified": it can shop, but a Google identity for that address
 * takes the account over instead of being linked to it (google.server.ts), so
 * whoever registered someone else's address beforehand loses it.
 */
import type { Db } from "~/db/db.server.ts";
import { newToken, sha256 } from "~/lib/ids.server.ts";
import { enqueueEmail, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { clearLimit } from "./rate-limits.server.ts";

export const VERIFY_TTL_MS = 48 * 60 * 60 * 1000;
export const VERIFY_PATH = "/verificar-email";
/** Outbox template name (jobs "email:email-verification"). */
export const EMAIL_VERIFICATION = "email-verification";

/** Queues "send a verification link to this account" (payload: the user id only). */
export function requestEmailVerification(db: Db, userId: string, now?: Date): Promise<boolean> {
  return enqueueEmail(db, EMAIL_VERIFICATION, { userId }, { now });
}

/** Stores only the hash of a fresh token for `email` and returns the raw token (for the email). */
export async function createVerificationToken(
  db: Db,
  userId: string,
  email: string,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("email_verifications")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      email,
      expires_at: new Date(now.getTime() + VERIFY_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

export type VerificationState = "valid" | "used" | "expired" | "unknown";

export async function checkVerificationToken(db: Db, token: string, now = new Date()): Promise<VerificationState> {
  const row = await db
    .selectFrom("email_verifications")
    .innerJoin("users", "users.id", "email_verifications.user_id")
    .select([
      "email_verifications.used_at",
      "email_verifications.expires_at",
      "email_verifications.email",
      "users.email as account_email",
    ])
    .where("email_verifications.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return "unknown";
  if (row.used_at) return "used";
  // Sent to an address the account no longer has.
  if (row.email !== row.account_email) return "unknown";
  if (row.expires_at <= now.toISOString()) return "expired";
  return "valid";
}

export class VerificationTokenError extends Error {
  constructor(readonly state: Exclude<VerificationState, "valid">) {
    super(`verification token ${state}`);
  }
}

/**
 * Spends the token and marks the address verified in one transaction (the
 * conditional update lets only one use win). The account must still have the
 * address the link was sent to. Other pending links of the account are voided,
 * and its sign-in lockout is lifted: the owner of the mailbox has shown up.
 */
export async function consumeVerificationToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const at = now.toISOString();
  const hashed = sha256(token);
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("email_verifications")
      .set({ used_at: at })
      .where("token_hash", "=", hashed)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning(["user_id", "email"])
      .executeTakeFirst();
    if (!spent) {
      const state = await checkVerificationToken(trx, token, now);
      throw new VerificationTokenError(state === "valid" ? "used" : state);
    }
    const verified = await trx
      .updateTable("users")
      .set((eb) => ({ email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(at)) }))
      .where("id", "=", spent.user_id)
      .where("email", "=", spent.email)
      .executeTakeFirst();
    if (Number(verified.numUpdatedRows) === 0) throw new VerificationTokenError("unknown");
    await trx
      .updateTable("email_verifications")
      .set({ used_at: at })
      .where("user_id", "=", spent.user_id)
      .where("used_at", "is", null)
      .execute();
    await clearLimit(trx, "loginAccount", spent.email);
    return { userId: spent.user_id, email: spent.email };
  });
}

/** The link in the account's language (/ca/verificar-correu for a Catalan account). */
export const verificationLink = (publicUrl: string, token: string, locale: Locale = "es"): string =>
  `${publicUrl}${localHref(locale, VERIFY_PATH)}?token=${encodeURIComponent(token)}`;

export function verificationEmail(to: string, firstName: string, link: string, locale: Locale = "es"): MailMessage {
  const t = serverTranslator(locale);
  const greeting = firstName ? t("email.common.greetingNamed", { name: firstName }) : t("email.common.greeting");
  const expires = [t("email.verify.expiresBefore"), t("email.verify.expiresStrong"), t("email.verify.expiresAfter")];
  const notYou = t("email.verify.notYou");
  const { html, text } = renderEmail({
    title: t("email.verify.title"),
    preheader: t("email.verify.preheader"),
    bodyHtml: `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px">${escapeHtml(t("email.verify.introHtml"))}</p>
${emailButton(link, t("email.verify.button"))}
<p style="margin:0 0 12px;font-size:14px;color:#6B5A62">${escapeHtml(t("email.common.copyLink"))}<br><a href="${escapeHtml(link)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 12px">${escapeHtml(expires[0]!)} <strong>${escapeHtml(expires[1]!)}</strong> ${escapeHtml(expires[2]!)}</p>
<p style="margin:0">${escapeHtml(notYou)}</p>`,
    bodyText: `${greeting}

${t("email.verify.introText")}

${link}

${expires.join(" ")}

${notYou}`,
    locale,
  });
  return { to, subject: t("email.verify.subject"), html, text };
}

/**
 * The verification email as an outbox template. The raw token exists only
 * here, while rendering: the job holds the user id, the table only the hash.
 * Nothing is sent when the account is gone or already verified.
 */
export const emailVerificationTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const userId = typeof payload.userId === "string" ? payload.userId : "";
    const user = await ctx.db
      .selectFrom("users")
      // locale (0027): the account's language, which this email is to be written in.
      .select(["id", "email", "first_name", "email_verified_at", "locale"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user || user.email_verified_at) return null;
    const token = await createVerificationToken(ctx.db, user.id, user.email, ctx.now);
    return verificationEmail(
      user.email,
      user.first_name,
      verificationLink(ctx.publicUrl, token, user.locale),
      user.locale,
    );
  },
};

import type { Db } from "~/db/db.server.ts";
import { newToken, sha256 } from "~/lib/ids.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { hashPassword } from "./password.server.ts";
import { clearLimit } from "./rate-limits.server.ts";

const RESET_TTL_MS = 60 * 60 * 1000;
const RESET_PATH = "/restablecer-contrasena";

/** Stores only the hash of a fresh single-use token and returns the raw token (for the email). */
export async function createResetToken(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto("password_resets")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

export type ResetTokenState = "valid" | "used" | "expired" | "unknown";

export async function checkResetToken(db: Db, token: string, now = new Date()): Promise<ResetTokenState> {
  const row = await db
    .selectFrom("password_resets")
    .select(["used_at", "expires_at"])
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return "unknown";
  if (row.used_at) return "used";
  if (row.expires_at <= now.toISOString()) return "expired";
  return "valid";
}

export class ResetTokenError extends Error {
  constructor(readonly state: Exclude<ResetTokenState, "valid">) {
    super(`reset token ${state}`);
  }
}

/**
 * Spends the token and sets the password in one transaction: the conditional
 * update makes two simultaneous uses impossible. Ends every session of the
 * user (whoever knew the old password is signed out) and voids other links.
 * The link reached the account's mailbox (links die when the address changes),
 * so the address counts as verified and the sign-in lockout is lifted: the
 * owner may sign in with the new password at once.
 */
export async function consumeResetToken(db: Db, token: string, newPassword: string, now = new Date()): Promise<string> {
  const passwordHash = await hashPassword(newPassword);
  const hashed = sha256(token);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("password_resets")
      .set({ used_at: at })
      .where("token_hash", "=", hashed)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning("user_id")
      .executeTakeFirst();
    if (!spent) {
      const state = await checkResetToken(trx, token, now);
      throw new ResetTokenError(state === "valid" ? "used" : state);
    }
    const user = await trx
      .updateTable("users")
      .set((eb) => ({
        password_hash: passwordHash,
        email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(at)),
      }))
      .where("id", "=", spent.user_id)
      .returning("email")
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("user_id", "=", spent.user_id).execute();
    await clearLimit(trx, "loginAccount", user.email);
    await trx
      .updateTable("password_resets")
      .set({ used_at: at })
      .where("user_id", "=", spent.user_id)
      .where("used_at", "is", null)
      .execute();
    return spent.user_id;
  });
}

export function resetEmail(to: string, firstName: string, link: string, locale: Locale = "es"): MailMessage {
  const t = serverTranslator(locale);
  const greeting = firstName ? t("email.common.greetingNamed", { name: firstName }) : t("email.common.greeting");
  const expires = [t("email.reset.expiresBefore"), t("email.reset.expiresStrong"), t("email.reset.expiresAfter")];
  const notYou = t("email.reset.notYou");
  const { html, text } = renderEmail({
    title: t("email.reset.title"),
    preheader: t("email.reset.preheader"),
    bodyHtml: `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px">${escapeHtml(t("email.reset.introHtml"))}</p>
${emailButton(link, t("email.reset.button"))}
<p style="margin:0 0 12px;font-size:14px;color:#6B5A62">${escapeHtml(t("email.common.copyLink"))}<br><a href="${escapeHtml(link)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 12px">${escapeHtml(expires[0]!)} <strong>${escapeHtml(expires[1]!)}</strong> ${escapeHtml(expires[2]!)}</p>
<p style="margin:0">${escapeHtml(notYou)}</p>`,
    bodyText: `${greeting}

${t("email.reset.introText")}

${link}

${expires.join(" ")}

${notYou}`,
    locale,
  });
  return { to, subject: t("email.reset.subject"), html, text };
}

/** The link in the account's language (/ca/restablir-contrasenya for a Catalan account). */
export const resetLink = (publicUrl: string, token: string, locale: Locale = "es"): string =>
  `${publicUrl}${localHref(locale, RESET_PATH)}?token=${encodeURIComponent(token)}`;

export const PASSWORD_RESET = "password-reset";

/**
 * The reset email as an outbox template. The job holds only the user id: the
 * single-use token is made when the message is rendered, so no usable secret
 * ever sits in the jobs table (a retried job makes a fresh link; an unused one
 * expires within the hour).
 */
export const passwordResetTemplate: EmailTemplate = {
  async render(ctx, payload) {
    if (typeof payload.userId !== "string") return null;
    const user = await ctx.db
      .selectFrom("users")
      // locale (0027): the account's language, which this email is to be written in.
      .select(["id", "email", "first_name", "locale"])
      .where("id", "=", payload.userId)
      .executeTakeFirst();
    if (!user) return null;
    const token = await createResetToken(ctx.db, user.id, ctx.now);
    return resetEmail(user.email, user.first_name, resetLink(ctx.publicUrl, token, user.locale), user.locale);
  },
};

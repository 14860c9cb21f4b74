/**
 * The one-click unsubscribe of the course reminders (/baja/<token>, RFC 8058 and
 * RFC 2369): the token (app/mail/unsubscribe-token.ts) is the whole capability,
 * no session is asked for. Opening the link changes nothing (mail scanners only
 * GET); a POST, from the page's button or from the mail provider's one-click
 * (`List-Unsubscribe=One-Click`, no cookies, no Origin; CSRF exempts /baja/),
 * turns `course_emails` off and keeps the other preferences. Doing it twice
 * answers the same.
 */
import { data, type RouterContextProvider } from "react-router";
import { getSettingsRecord, saveSettings } from "~/auth/user-settings.server.ts";
import { getServices } from "~/context.server.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { checkUnsubscribeToken, COURSE_REMINDERS_TOPIC } from "~/mail/unsubscribe-token.ts";

type Ctx = Readonly<RouterContextProvider>;

/**
 * The page's words, in the language of its address (/baja or /ca/baixa): only
 * those of the state shown (the answers themselves come translated in `message`).
 */
const slice = (locale: Locale, state: "ask" | "invalid") =>
  messagesFor(locale, [
    "auth.unsubscribe.meta",
    ...(state === "ask" ? ["auth.unsubscribe.ask", "auth.unsubscribe.done"] : ["auth.unsubscribe.invalid"]),
  ]);

/** A bad MAC, another secret, a deleted account: the same 404 and the same words. */
const invalid = (locale: Locale) =>
  data(
    {
      state: "invalid" as const,
      message: serverTranslator(locale)("auth.unsubscribe.answer.invalid"),
      messages: slice(locale, "invalid"),
    },
    { status: 404 },
  );

/** The account the token opens, when it still exists. */
async function accountOf(context: Ctx, token: string | undefined): Promise<string | null> {
  const { db, config } = getServices(context);
  const userId = checkUnsubscribeToken(config.sessionSecrets, COURSE_REMINDERS_TOPIC, token ?? "");
  if (!userId) return null;
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  return user ? user.id : null;
}

export async function loadUnsubscribe(context: Ctx, request: Request, token: string | undefined) {
  const locale = localeOfRequest(request);
  return (await accountOf(context, token))
    ? { state: "ask" as const, messages: slice(locale, "ask") }
    : invalid(locale);
}

export async function unsubscribeAction(context: Ctx, request: Request, token: string | undefined) {
  const locale = localeOfRequest(request);
  const userId = await accountOf(context, token);
  if (!userId) return invalid(locale);
  const { db } = getServices(context);
  // Read first: only the course reminders change.
  const { settings } = await getSettingsRecord(db, userId);
  if (settings.courseEmails) await saveSettings(db, userId, { ...settings, courseEmails: false });
  return { state: "done" as const, message: serverTranslator(locale)("auth.unsubscribe.answer.done") };
}

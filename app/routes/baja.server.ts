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
import { checkUnsubscribeToken, COURSE_REMINDERS_TOPIC } from "~/mail/unsubscribe-token.ts";

type Ctx = Readonly<RouterContextProvider>;

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    "Este enlace para darte de baja no es válido. Puedes desactivar los recordatorios en Mi perfil › Configuración.",
  done: "Listo: no te enviaremos más recordatorios de cursos.",
} as const;

/** A bad MAC, another secret, a deleted account: the same 404 and the same words. */
const invalid = () => data({ state: "invalid" as const, message: UNSUBSCRIBE_MESSAGES.invalid }, { status: 404 });

/** The account the token opens, when it still exists. */
async function accountOf(context: Ctx, token: string | undefined): Promise<string | null> {
  const { db, config } = getServices(context);
  const userId = checkUnsubscribeToken(config.sessionSecrets, COURSE_REMINDERS_TOPIC, token ?? "");
  if (!userId) return null;
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  return user ? user.id : null;
}

export async function loadUnsubscribe(context: Ctx, token: string | undefined) {
  return (await accountOf(context, token)) ? { state: "ask" as const } : invalid();
}

export async function unsubscribeAction(context: Ctx, token: string | undefined) {
  const userId = await accountOf(context, token);
  if (!userId) return invalid();
  const { db } = getServices(context);
  // Read first: only the course reminders change.
  const { settings } = await getSettingsRecord(db, userId);
  if (settings.courseEmails) await saveSettings(db, userId, { ...settings, courseEmails: false });
  return { state: "done" as const, message: UNSUBSCRIBE_MESSAGES.done };
}

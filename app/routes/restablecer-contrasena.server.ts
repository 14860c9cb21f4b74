import { data, redirect, type RouterContextProvider } from "react-router";
import {
  checkResetToken,
  consumeResetToken,
  ResetTokenError,
  type ResetTokenState,
} from "~/auth/password-reset.server.ts";
import { allowAttempt } from "~/auth/rate-limits.server.ts";
import { authErrors, fieldErrorsOf, formValues, resetSchema, type FieldErrors } from "~/auth/schemas.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { RESET_TOKEN_KEYS } from "~/auth/reset-messages.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";

type ResetActionData = { errors: FieldErrors; tokenState?: Exclude<ResetTokenState, "valid"> };

type Ctx = Readonly<RouterContextProvider>;

export async function resetLoader(request: Request, context: Ctx) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state: ResetTokenState = token ? await checkResetToken(getServices(context).db, token) : "unknown";
  return { token: state === "valid" ? token : "", state, messages: messagesFor(localeOfRequest(request), ["auth"]) };
}

export async function resetAction(request: Request, context: Ctx) {
  const { db, logger } = getServices(context);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const values = formValues(await request.formData());
  try {
    if (!(await allowAttempt(db, [["resetIp", clientNetwork(context)]]))) {
      return data<ResetActionData>({ errors: { form: t(authErrors.tooManyAttempts) } }, 429);
    }
    const parsed = resetSchema.safeParse(values);
    if (!parsed.success) return data<ResetActionData>({ errors: fieldErrorsOf(parsed.error, t) }, 400);
    const userId = await consumeResetToken(db, parsed.data.token, parsed.data.password);
    logger.info({ userId }, "contraseña restablecida; sesiones cerradas");
    return redirect(localHref(locale, "/login?aviso=contrasena-cambiada"));
  } catch (err) {
    if (err instanceof ResetTokenError) {
      return data<ResetActionData>({ errors: { form: t(RESET_TOKEN_KEYS[err.state]) }, tokenState: err.state }, 400);
    }
    logger.error({ err }, "password reset failed");
    return data<ResetActionData>({ errors: { form: t("auth.reset.error.failed") } }, 500);
  }
}

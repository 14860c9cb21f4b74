import { data, redirect, type RouterContextProvider } from "react-router";
import { checkCredentials } from "~/auth/credentials.server.ts";
import { allowAttempt, clearLimit } from "~/auth/rate-limits.server.ts";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { authErrors, fieldErrorsOf, formValues, loginSchema, type FieldErrors } from "~/auth/schemas.ts";
import { createSession } from "~/auth/session.server.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { isRole, isStaffRole } from "~/domain/roles.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { staffSignInRedirect } from "~/staff/auth/challenges.server.ts";

export interface AuthActionData {
  errors: FieldErrors;
  values?: Record<string, string>;
}

type Ctx = Readonly<RouterContextProvider>;

export async function loginAction(request: Request, context: Ctx) {
  const { db, logger, config } = getServices(context);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const values = formValues(await request.formData());
  const parsed = loginSchema.safeParse(values);
  // Echo back what was typed, never the password.
  const echo = { email: values.email ?? "" };
  if (!parsed.success) {
    return data<AuthActionData>({ errors: fieldErrorsOf(parsed.error, t), values: echo }, 400);
  }
  const { email, password, redirectTo } = parsed.data;
  try {
    const allowed = await allowAttempt(db, [
      ["loginIp", clientNetwork(context)],
      ["loginAccount", email],
    ]);
    if (!allowed) return data<AuthActionData>({ errors: { form: t(authErrors.tooManyAttempts) }, values: echo }, 429);

    // One argon2 verification on every path (a dummy hash when there is no password to check).
    const check = await checkCredentials(db, email, password);
    if (check.status === "no-account")
      return data<AuthActionData>({ errors: { form: t(authErrors.noAccount) }, values: echo }, 400);
    if (check.status === "no-password") {
      return data<AuthActionData>({ errors: { form: t("auth.error.googleAccount") }, values: echo }, 400);
    }
    if (check.status === "wrong-password") {
      return data<AuthActionData>({ errors: { form: t(authErrors.wrongPassword) }, values: echo }, 400);
    }
    const { user } = check;
    await clearLimit(db, "loginAccount", email);
    if (isRole(user.role) && isStaffRole(user.role)) {
      // Staff: no session yet. The password only opens the second factor (/gestion/verificar).
      const next = await staffSignInRedirect(db, config, user.id, redirectTo);
      if (!next) return data<AuthActionData>({ errors: { form: t("auth.error.noSecondFactor") }, values: echo }, 403);
      logger.info({ userId: user.id }, "contraseña del equipo correcta: falta el segundo factor");
      return next;
    }
    const cookie = await createSession(context, user.id);
    logger.info({ userId: user.id }, "inicio de sesión con contraseña");
    // From a Catalan page she lands on the Catalan page, where there is one.
    return redirect(localHref(locale, safeRedirect(redirectTo, "/")), { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    logger.error({ err }, "login failed");
    return data<AuthActionData>({ errors: { form: t(authErrors.loginOther) }, values: echo }, 500);
  }
}

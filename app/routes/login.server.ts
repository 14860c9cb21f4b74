import { data, redirect, type RouterContextProvider } from "react-router";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { verifyPassword } from "~/auth/password.server.ts";
import { allowAttempt, clearLimit } from "~/auth/rate-limits.server.ts";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { fieldErrorsOf, formValues, loginSchema, messages, type FieldErrors } from "~/auth/schemas.ts";
import { createSession } from "~/auth/session.server.ts";
import { clientIpContext, getServices } from "~/context.server.ts";

export interface AuthActionData {
  errors: FieldErrors;
  values?: Record<string, string>;
}

type Ctx = Readonly<RouterContextProvider>;

export async function loginAction(request: Request, context: Ctx) {
  const { db, logger } = getServices(context);
  const values = formValues(await request.formData());
  const parsed = loginSchema.safeParse(values);
  // Echo back what was typed, never the password.
  const echo = { email: values.email ?? "" };
  if (!parsed.success) {
    return data<AuthActionData>({ errors: fieldErrorsOf(parsed.error), values: echo }, 400);
  }
  const { email, password, redirectTo } = parsed.data;
  try {
    const allowed = await allowAttempt(db, [
      ["loginIp", context.get(clientIpContext)],
      ["loginAccount", email],
    ]);
    if (!allowed) return data<AuthActionData>({ errors: { form: messages.tooManyAttempts }, values: echo }, 429);

    const user = await findUserByEmail(db, email);
    if (!user) return data<AuthActionData>({ errors: { form: messages.noAccount }, values: echo }, 400);
    if (!user.password_hash) {
      return data<AuthActionData>(
        { errors: { form: "Esta cuenta se creó con Google: entra con «Continuar con Google»." }, values: echo },
        400,
      );
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      return data<AuthActionData>({ errors: { form: messages.wrongPassword }, values: echo }, 400);
    }
    await clearLimit(db, "loginAccount", email);
    const cookie = await createSession(context, user.id);
    logger.info({ userId: user.id }, "inicio de sesión con contraseña");
    return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    logger.error({ err }, "login failed");
    return data<AuthActionData>({ errors: { form: messages.loginOther }, values: echo }, 500);
  }
}

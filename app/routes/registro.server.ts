import { data, redirect, type RouterContextProvider } from "react-router";
import { createUser, EmailInUseError, findUserByEmail } from "~/auth/accounts.server.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { allowAttempt } from "~/auth/rate-limits.server.ts";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { authErrors, fieldErrorsOf, formValues, registerSchema } from "~/auth/schemas.ts";
import { createSession } from "~/auth/session.server.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import type { AuthActionData } from "./login.server.ts";

const echoed = ["firstName", "lastName", "email", "phone"] as const;

export async function registerAction(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const { db, logger } = services;
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const values = formValues(await request.formData());
  const echo = Object.fromEntries(echoed.map((k) => [k, values[k] ?? ""]));
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return data<AuthActionData>({ errors: fieldErrorsOf(parsed.error, t), values: echo }, 400);
  const input = parsed.data;
  try {
    if (!(await allowAttempt(db, [["registerIp", clientNetwork(context)]]))) {
      return data<AuthActionData>({ errors: { form: t(authErrors.tooManyAttempts) }, values: echo }, 429);
    }
    if (await findUserByEmail(db, input.email)) {
      return data<AuthActionData>({ errors: { email: t(authErrors.emailInUse) }, values: echo }, 400);
    }
    // The verification link is queued with the account (same transaction), sent right after.
    const userId = await createUser(db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      // The sign-up page's language (/ca/registre in Catalan): her emails are written in it.
      locale,
    });
    // Services built without a worker (some tests) simply leave the job for the next one.
    services.jobs?.kick();
    const cookie = await createSession(context, userId);
    logger.info({ userId }, "cuenta creada; enlace de verificación en cola");
    // From /ca/registre she lands on the Catalan page, where there is one.
    return redirect(localHref(locale, safeRedirect(input.redirectTo, "/")), {
      headers: { "Set-Cookie": cookie },
    });
  } catch (err) {
    if (err instanceof EmailInUseError) {
      return data<AuthActionData>({ errors: { email: t(authErrors.emailInUse) }, values: echo }, 400);
    }
    logger.error({ err }, "register failed");
    return data<AuthActionData>({ errors: { form: t(authErrors.registerOther) }, values: echo }, 500);
  }
}

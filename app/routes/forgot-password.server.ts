import { data, type RouterContextProvider } from "react-router";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { PASSWORD_RESET } from "~/auth/password-reset.server.ts";
import { allowAttempt } from "~/auth/rate-limits.server.ts";
import { authErrors, fieldErrorsOf, forgotSchema, formValues, type FieldErrors } from "~/auth/schemas.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";

type ForgotActionData = { sent: true; email: string } | { sent: false; errors: FieldErrors; email: string };

export async function forgotAction(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const { db, logger } = services;
  const t = serverTranslator(localeOfRequest(request));
  const values = formValues(await request.formData());
  const email = values.email ?? "";
  const parsed = forgotSchema.safeParse(values);
  if (!parsed.success) return data<ForgotActionData>({ sent: false, errors: fieldErrorsOf(parsed.error, t), email }, 400);
  try {
    const allowed = await allowAttempt(db, [
      ["forgotIp", clientNetwork(context)],
      ["forgotAccount", parsed.data.email],
    ]);
    if (!allowed) return data<ForgotActionData>({ sent: false, errors: { form: t(authErrors.tooManyAttempts) }, email }, 429);
    const user = await findUserByEmail(db, parsed.data.email);
    // The salon prefers clarity over hiding which addresses have accounts: the product says so.
    if (!user) return data<ForgotActionData>({ sent: false, errors: { form: t(authErrors.noAccount) }, email }, 400);
    // Through the outbox: the link is made when the worker sends it (right away).
    await enqueueEmail(db, PASSWORD_RESET, { userId: user.id });
    services.jobs?.kick();
    logger.info({ userId: user.id }, "enlace de restablecimiento en cola");
    return { sent: true as const, email: user.email };
  } catch (err) {
    logger.error({ err }, "password reset email failed");
    return data<ForgotActionData>({ sent: false, errors: { form: t(authErrors.forgotOther) }, email }, 500);
  }
}

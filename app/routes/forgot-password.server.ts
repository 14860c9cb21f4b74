import { data, type RouterContextProvider } from "react-router";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { PASSWORD_RESET } from "~/auth/password-reset.server.ts";
import { allowAttempt } from "~/auth/rate-limits.server.ts";
import { fieldErrorsOf, forgotSchema, formValues, messages, type FieldErrors } from "~/auth/schemas.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";

type ForgotActionData = { sent: true; email: string } | { sent: false; errors: FieldErrors; email: string };

export async function forgotAction(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const { db, logger } = services;
  const values = formValues(await request.formData());
  const email = values.email ?? "";
  const parsed = forgotSchema.safeParse(values);
  if (!parsed.success) return data<ForgotActionData>({ sent: false, errors: fieldErrorsOf(parsed.error), email }, 400);
  try {
    const allowed = await allowAttempt(db, [
      ["forgotIp", clientNetwork(context)],
      ["forgotAccount", parsed.data.email],
    ]);
    if (!allowed) return data<ForgotActionData>({ sent: false, errors: { form: messages.tooManyAttempts }, email }, 429);
    const user = await findUserByEmail(db, parsed.data.email);
    // The salon prefers clarity over hiding which addresses have accounts: the product says so.
    if (!user) return data<ForgotActionData>({ sent: false, errors: { form: messages.noAccount }, email }, 400);
    // Through the outbox: the link is made when the worker sends it (right away).
    await enqueueEmail(db, PASSWORD_RESET, { userId: user.id });
    services.jobs?.kick();
    logger.info({ userId: user.id }, "enlace de restablecimiento en cola");
    return { sent: true as const, email: user.email };
  } catch (err) {
    logger.error({ err }, "password reset email failed");
    return data<ForgotActionData>({ sent: false, errors: { form: messages.forgotOther }, email }, 500);
  }
}

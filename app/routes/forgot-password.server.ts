import { data, type RouterContextProvider } from "react-router";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { createResetToken, resetEmail, resetLink } from "~/auth/password-reset.server.ts";
import { allowAttempt } from "~/auth/rate-limits.server.ts";
import { fieldErrorsOf, forgotSchema, formValues, messages, type FieldErrors } from "~/auth/schemas.ts";
import { clientIpContext, getServices } from "~/context.server.ts";

export type ForgotActionData = { sent: true; email: string } | { sent: false; errors: FieldErrors; email: string };

export async function forgotAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, logger, mailer, config } = getServices(context);
  const values = formValues(await request.formData());
  const email = values.email ?? "";
  const parsed = forgotSchema.safeParse(values);
  if (!parsed.success) return data<ForgotActionData>({ sent: false, errors: fieldErrorsOf(parsed.error), email }, 400);
  try {
    const allowed = await allowAttempt(db, [
      ["forgotIp", context.get(clientIpContext)],
      ["forgotAccount", parsed.data.email],
    ]);
    if (!allowed) return data<ForgotActionData>({ sent: false, errors: { form: messages.tooManyAttempts }, email }, 429);
    const user = await findUserByEmail(db, parsed.data.email);
    // SPEC.md §8 asks to say so (the salon prefers clarity over hiding which addresses have accounts).
    if (!user) return data<ForgotActionData>({ sent: false, errors: { form: messages.noAccount }, email }, 400);
    const token = await createResetToken(db, user.id);
    await mailer.send(resetEmail(user.email, user.first_name, resetLink(config.publicUrl, token)));
    logger.info({ userId: user.id }, "enlace de restablecimiento enviado");
    return { sent: true as const, email: user.email };
  } catch (err) {
    logger.error({ err }, "password reset email failed");
    return data<ForgotActionData>({ sent: false, errors: { form: messages.forgotOther }, email }, 500);
  }
}

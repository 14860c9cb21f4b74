import { data, redirect, type RouterContextProvider } from "react-router";
import {
  checkVerificationToken,
  consumeVerificationToken,
  requestEmailVerification,
  VERIFY_PATH,
  VerificationTokenError,
  type VerificationState,
} from "~/auth/email-verification.server.ts";
import { allowAttempt } from "~/auth/rate-limits.server.ts";
import { authErrors, formValues, verifyEmailSchema, type FieldErrors } from "~/auth/schemas.ts";
import { getOptionalUser, requireUser } from "~/auth/session.server.ts";
import { VERIFY_TOKEN_KEYS } from "~/auth/verification-messages.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import type { Messages } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";

type Ctx = Readonly<RouterContextProvider>;
type BadState = Exclude<VerificationState, "valid">;

type VerifyMode =
  /** Opened from the email: the token is only checked here, spent by the button (link scanners only GET). */
  | { mode: "link"; token: string; state: VerificationState; signedIn: boolean }
  /** The signed-in account's status, with "reenviar" while unverified. */
  | { mode: "status"; email: string; verified: boolean; sent: boolean };

/** Either mode, with the page's words. */
type VerifyLoaderData = VerifyMode & { messages: Messages };

type VerifyActionData = { verified: true } | { verified?: false; errors: FieldErrors; tokenState?: BadState };

export async function verifyLoader(request: Request, context: Ctx): Promise<VerifyLoaderData> {
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  const messages = messagesFor(locale, ["auth"]);
  const token = url.searchParams.get("token");
  const user = await getOptionalUser(request, context);
  if (token !== null) {
    const state =
      token && token.length <= 200 ? await checkVerificationToken(getServices(context).db, token) : "unknown";
    return { mode: "link", token: state === "valid" ? token : "", state, signedIn: user !== null, messages };
  }
  if (!user) throw redirect(localHref(locale, `/login?redirectTo=${encodeURIComponent(VERIFY_PATH)}`));
  return {
    mode: "status",
    email: user.email,
    verified: user.emailVerified,
    sent: url.searchParams.get("enviado") === "1",
    messages,
  };
}

export async function verifyAction(request: Request, context: Ctx, url?: URL) {
  const services = getServices(context);
  const { db, logger } = services;
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const values = formValues(await request.formData());
  const parsed = verifyEmailSchema.safeParse(values);
  if (!parsed.success) {
    // Only a missing, oversized or unknown field gets here: none of them is a link we sent.
    return data<VerifyActionData>({ errors: { form: t(VERIFY_TOKEN_KEYS.unknown) }, tokenState: "unknown" }, 400);
  }
  const network = clientNetwork(context);
  try {
    if (parsed.data.intent === "confirm") {
      if (!(await allowAttempt(db, [["verifyIp", network]]))) {
        return data<VerifyActionData>({ errors: { form: t(authErrors.tooManyAttempts) } }, 429);
      }
      const { userId } = await consumeVerificationToken(db, parsed.data.token);
      logger.info({ userId }, "correo verificado");
      return { verified: true } satisfies VerifyActionData;
    }

    const user = await requireUser(request, context, url);
    if (user.emailVerified) return redirect(localHref(locale, VERIFY_PATH));
    const allowed = await allowAttempt(db, [
      ["verifyIp", network],
      ["verifyResendAccount", user.id],
    ]);
    if (!allowed) return data<VerifyActionData>({ errors: { form: t(authErrors.tooManyAttempts) } }, 429);
    await requestEmailVerification(db, user.id);
    // Services built without a worker (some tests) simply leave the job for the next one.
    services.jobs?.kick();
    logger.info({ userId: user.id }, "enlace de verificación reenviado");
    return redirect(localHref(locale, `${VERIFY_PATH}?enviado=1`));
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof VerificationTokenError) {
      return data<VerifyActionData>({ errors: { form: t(VERIFY_TOKEN_KEYS[err.state]) }, tokenState: err.state }, 400);
    }
    logger.error({ err }, "email verification failed");
    return data<VerifyActionData>({ errors: { form: t("auth.verify.error.failed") } }, 500);
  }
}

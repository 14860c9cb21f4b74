import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findUserByEmail } from "~/auth/accounts.server.ts";
import { hashPassword, verifyPassword } from "~/auth/password.server.ts";
import { fieldErrorsOf, formValues, loginSchema, messages, registerSchema, type FieldErrors } from "~/auth/schemas.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import { ROLE_LABELS } from "~/domain/roles.ts";
import { groupSecret } from "~/domain/totp.ts";
import { completeActivation, type ActivationIdentity } from "~/staff/auth/activation.server.ts";
import {
  activationPath,
  bindInvitation,
  browserSecretCookie,
  checkInvitation,
  openedHere,
  readBrowserSecret,
  type Invitation,
} from "~/staff/auth/invitations.server.ts";
import { clearStaffLimit, hitStaffLimit } from "~/staff/auth/limits.server.ts";
import { activationMessages, INVALID_LINK, LINK_OPENED_ELSEWHERE } from "~/staff/auth/messages.ts";
import { enrolmentSecret, matchEnrolmentCode, totpQrSvg } from "~/staff/auth/second-factor.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** new: no account yet · password: an account with a password (prove it) · google: an account without one. */
type ActivationMode = "new" | "password" | "google";

const codeSchema = z
  .string()
  .max(40, { message: activationMessages.codeWrong, abort: true })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, activationMessages.codeRequired)
      .regex(/^\d{6}$/, activationMessages.codeWrong),
  );

type Invalid = { status: "invalid"; message: string };

const invalid = (message: string, status: number) => data<Invalid>({ status: "invalid", message }, { status });

/**
 * The link as this browser may use it: invalid (unknown 404; used, revoked or
 * expired 410; opened in another browser 403), not opened yet, or opened here
 * (then the account's state and the TOTP secret to enrol).
 */
async function openInvitation(request: Request, context: Ctx, token: string) {
  const { db, config } = getServices(context);
  const first = await checkInvitation(db, token);
  if (first.state !== "valid") {
    return { kind: "invalid" as const, response: invalid(INVALID_LINK, first.state === "unknown" ? 404 : 410) };
  }
  if (first.invitation.browserHash === null) return { kind: "unopened" as const, invitation: first.invitation };
  if (!openedHere(first.invitation, readBrowserSecret(request))) {
    return { kind: "invalid" as const, response: invalid(LINK_OPENED_ELSEWHERE, 403) };
  }
  const account = await findUserByEmail(db, first.invitation.email);
  // Read again after the account: an activation that finished in between (it
  // creates the account and spends the link in one transaction) shows as a spent
  // link, not as a form drawn for an account that now exists.
  const state = await checkInvitation(db, token);
  if (state.state !== "valid" || !openedHere(state.invitation, readBrowserSecret(request))) {
    return { kind: "invalid" as const, response: invalid(INVALID_LINK, 410) };
  }
  const invitation = state.invitation;
  const mode: ActivationMode = !account ? "new" : account.password_hash ? "password" : "google";
  const secret = enrolmentSecret(config.sessionSecrets[0], invitation.tokenHash);
  return { kind: "opened" as const, invitation, account, mode, secret };
}

async function pageData(invitation: Invitation, mode: ActivationMode, secret: string) {
  return {
    status: "form" as const,
    email: invitation.email,
    roleLabel: ROLE_LABELS[invitation.role],
    expiresAt: invitation.expiresAt,
    mode,
    secret: groupSecret(secret),
    qrSvg: await totpQrSvg(secret, invitation.email),
  };
}

export async function loadActivation(request: Request, context: Ctx, token: string) {
  const opened = await openInvitation(request, context, token);
  if (opened.kind === "invalid") return opened.response;
  if (opened.kind === "unopened") {
    // Only who the invitation is for: the form and the TOTP secret wait for the "Continuar" button.
    const { email, role, expiresAt } = opened.invitation;
    return { status: "open" as const, email, roleLabel: ROLE_LABELS[role], expiresAt };
  }
  return pageData(opened.invitation, opened.mode, opened.secret);
}

/**
 * The "Continuar" button: binds the link to this browser (a cookie with its
 * secret) and shows the form. A POST, so a mail scanner fetching the link binds
 * nothing; pressed again in the same browser it just shows the form.
 */
async function bindToBrowser(request: Request, context: Ctx, token: string) {
  const { db, config } = getServices(context);
  const state = await checkInvitation(db, token);
  if (state.state !== "valid") return invalid(INVALID_LINK, state.state === "unknown" ? 404 : 410);
  const { secret, cookie } = browserSecretCookie(config, request);
  const mine = openedHere(state.invitation, secret);
  if (!mine && !(await bindInvitation(db, state.invitation.tokenHash, secret))) {
    // Another browser (or a request a moment ago) had it first, or it ended meanwhile: say which.
    const now = await checkInvitation(db, token);
    if (now.state !== "valid") return invalid(INVALID_LINK, 410);
    if (!openedHere(now.invitation, secret)) return invalid(LINK_OPENED_ELSEWHERE, 403);
  }
  // The page again, as a GET: its loader now finds the link opened in this browser.
  return redirect(activationPath(token), { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export async function activationAction(request: Request, context: Ctx, token: string) {
  const { db, config, logger } = getServices(context);
  const values = formValues(await request.formData());
  const network = clientNetwork(context);
  // Names echoed back (capped), never a password or the code.
  const echo = { firstName: (values.firstName ?? "").slice(0, 80), lastName: (values.lastName ?? "").slice(0, 80) };
  const fail = (errors: FieldErrors, status = 400) => data({ status: "error" as const, errors, values: echo }, status);
  if (!(await hitStaffLimit(db, "staffActivateIp", network)).allowed)
    return fail({ form: messages.tooManyAttempts }, 429);
  if (values.intent === "open") return bindToBrowser(request, context, token);
  const opened = await openInvitation(request, context, token);
  if (opened.kind === "invalid") return opened.response;
  if (opened.kind === "unopened") return invalid(activationMessages.notOpened, 409);
  const { invitation, account, mode, secret } = opened;
  if (mode === "google" || !(values.mode === mode)) {
    // The page was drawn for another state of the account: show it again as it is now.
    return fail({ form: mode === "google" ? activationMessages.google : activationMessages.changed }, 409);
  }

  // Every field is checked before anything expensive, and every error is shown at once.
  const errors: FieldErrors = {};
  const code = codeSchema.safeParse(values.code ?? "");
  if (!code.success) errors.code = fieldErrorsOf(code.error).form;
  let names: { firstName: string; lastName: string } | null = null;
  let password: string | null = null;
  if (mode === "new") {
    const parsed = registerSchema.safeParse({
      firstName: "",
      lastName: "",
      password: "",
      confirmPassword: "",
      ...values,
      email: invitation.email,
      phone: "",
    });
    if (parsed.success) {
      password = parsed.data.password;
      names = { firstName: parsed.data.firstName, lastName: parsed.data.lastName };
    } else Object.assign(errors, fieldErrorsOf(parsed.error));
  } else {
    const parsed = loginSchema.safeParse({ email: invitation.email, password: values.currentPassword ?? "" });
    if (parsed.success) password = parsed.data.password;
    else errors.currentPassword = messages.currentPasswordRequired;
  }
  const step = code.success ? matchEnrolmentCode(secret, code.data) : null;
  if (code.success && step === null) errors.code = activationMessages.codeWrong;
  if (Object.keys(errors).length > 0 || step === null || password === null) return fail(errors);

  try {
    let identity: ActivationIdentity;
    if (names) {
      identity = { kind: "new", ...names, passwordHash: await hashPassword(password) };
    } else {
      if (!(await hitStaffLimit(db, "staffActivateAccount", invitation.email)).allowed) {
        return fail({ form: messages.tooManyAttempts }, 429);
      }
      if (!account?.password_hash || !(await verifyPassword(account.password_hash, password))) {
        return fail({ currentPassword: messages.wrongPassword });
      }
      await clearStaffLimit(db, "staffActivateAccount", invitation.email);
      identity = { kind: "existing", userId: account.id };
    }
    const result = await completeActivation(db, config, { invitation, identity, totpSecret: secret, totpStep: step });
    if (result.status === "spent") return invalid(INVALID_LINK, 410);
    if (result.status === "changed") return fail({ form: activationMessages.changed }, 409);
    logger.info({ userId: result.userId, role: invitation.role }, "acceso al área de gestión activado");
    return data(
      { status: "done" as const, email: invitation.email, recoveryCodes: result.recoveryCodes },
      // Status 200 said out loud: otherwise the page's loader, which now finds the link spent, would set 410.
      { status: 200, headers: { "Set-Cookie": result.cookie, "Cache-Control": "no-store" } },
    );
  } catch (err) {
    logger.error({ err }, "staff activation failed");
    return fail({ form: activationMessages.failed }, 500);
  }
}

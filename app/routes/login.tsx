import { Form, Link, redirect, useNavigation } from "react-router";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { authErrors, loginSchema } from "~/auth/schemas.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { GoogleButton } from "~/components/auth/google-button.tsx";
import { useFormErrors } from "~/components/auth/use-form-errors.ts";
import { getServices } from "~/context.server.ts";
import { isStaffRole } from "~/domain/roles.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/login";
import { loginAction } from "./login.server.ts";
import { lookup } from "~/lib/lookup.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("auth.login.meta.title"),
    description: t("auth.login.meta.description"),
    path: "/login",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

const notices: Record<string, MessageKey> = {
  "contrasena-cambiada": "auth.login.notice.passwordChanged",
  "cuenta-eliminada": "auth.login.notice.accountDeleted",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  const rawRedirect = url.searchParams.get("redirectTo");
  const redirectTo = safeRedirect(rawRedirect, "/");
  const user = await getOptionalUser(request, context);
  // A staff member whose session lacks the second factor (the staff area sent them
  // here) is asked to sign in again, not bounced back: that would loop.
  const staffNeedsSecondFactor = user !== null && isStaffRole(user.role) && !user.secondFactor;
  if (user && !staffNeedsSecondFactor) throw redirect(localHref(locale, redirectTo));
  // Sent here by the profile, in either language (/perfil…, /ca/perfil…).
  const fromProfile = /^(?:\/ca)?\/perfil(?:[/?]|$)/.test(redirectTo);
  const notice: MessageKey | undefined = staffNeedsSecondFactor
    ? "auth.login.notice.staffSecondFactor"
    : (lookup(notices, url.searchParams.get("aviso")) ?? (fromProfile ? "auth.login.notice.profile" : undefined));
  const t = serverTranslator(locale);
  return {
    // Only a safe value is ever echoed into the form.
    redirectTo: rawRedirect ? redirectTo : "",
    googleEnabled: getServices(context).config.google !== null,
    googleError: url.searchParams.get("error") === "google" ? t(authErrors.loginGoogle) : undefined,
    notice: notice ? t(notice) : undefined,
    messages: messagesFor(locale, ["auth"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalHref();
  const { errors, onSubmit, onChange } = useFormErrors(
    loginSchema,
    actionData?.errors ?? (loaderData.googleError ? { form: loaderData.googleError } : undefined),
    actionData,
  );
  const busy = useNavigation().state === "submitting";
  const q = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>{t("auth.login.title")}</h1>
        {loaderData.notice ? <p className="form-alert form-alert--info">{loaderData.notice}</p> : null}
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <Field
            name="email"
            type="email"
            label={t("auth.field.email")}
            autoComplete="email"
            defaultValue={actionData?.values?.email}
            error={errors.email}
          />
          <Field
            name="password"
            type="password"
            label={t("auth.field.password")}
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="auth-form__aside">
            <Link to={href("/forgot-password")}>{t("auth.login.forgot")}</Link>
          </p>
          <FormAlert message={errors.form} />
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? t("auth.login.submitting") : t("auth.login.submit")}
          </button>
        </Form>
        {loaderData.googleEnabled ? <GoogleButton intent="login" redirectTo={loaderData.redirectTo} /> : null}
        <p className="auth-switch">
          <Rich
            t={t}
            k="auth.login.noAccount"
            tags={{ link: (c) => <Link to={`${href("/registro")}${q}`}>{c}</Link> }}
          />
        </p>
      </div>
    </section>
  );
}

import { Form, Link, useNavigation } from "react-router";
import { VERIFY_TOKEN_KEYS } from "~/auth/verification-messages.ts";
import { AuthCard } from "~/components/auth/auth-card.tsx";
import { FormAlert } from "~/components/auth/field.tsx";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice.tsx";
import { localeOfPath } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/verificar-email";
import { verifyAction, verifyLoader } from "./verificar-email.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("auth.verify.meta.title"),
    description: t("auth.verify.meta.description"),
    path: "/verificar-email",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return verifyLoader(request, context);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return verifyAction(request, context, url);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalHref();
  const busy = useNavigation().state === "submitting";
  if (actionData?.verified) {
    return (
      <AuthCard title={t("auth.verify.confirmed.title")}>
        <p className="form-alert form-alert--success" role="status">
          {t("auth.verify.confirmed.text")}
        </p>
        <p>
          <Link className="btn" to={href("/perfil")}>
            {t("auth.verify.confirmed.goToProfile")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  // The action writes it in the page's language.
  const formError = actionData && !actionData.verified ? actionData.errors.form : undefined;

  if (loaderData.mode === "status") {
    if (loaderData.verified) {
      return (
        <AuthCard title={t("auth.verify.confirmed.title")}>
          <p>
            <Rich
              t={t}
              k="auth.verify.status.verified"
              values={{ email: loaderData.email }}
              tags={{ strong: (c) => <strong>{c}</strong> }}
            />
          </p>
          <p>
            <Link to={href("/perfil")}>{t("auth.verify.status.backToProfile")}</Link>
          </p>
        </AuthCard>
      );
    }
    return (
      <AuthCard title={t("auth.verify.pending.title")}>
        <VerifyEmailNotice email={loaderData.email} sent={loaderData.sent} error={formError} />
        <p>{t("auth.verify.pending.meanwhile")}</p>
        <p>
          <Link to={href("/formaciones")}>{t("auth.verify.pending.seeCourses")}</Link>
        </p>
      </AuthCard>
    );
  }

  const badState =
    (actionData && !actionData.verified ? actionData.tokenState : undefined) ??
    (loaderData.state === "valid" ? undefined : loaderData.state);
  if (badState) {
    return (
      <AuthCard title={t("auth.verify.invalid.title")}>
        <p className="form-alert form-alert--error" role="alert">
          {t(VERIFY_TOKEN_KEYS[badState])}
        </p>
        <p>
          {loaderData.signedIn ? (
            <Link className="btn" to={href("/verificar-email")}>
              {t("auth.verify.invalid.requestNew")}
            </Link>
          ) : (
            <Link className="btn" to={`${href("/login")}?redirectTo=%2Fverificar-email`}>
              {t("auth.verify.invalid.signIn")}
            </Link>
          )}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.verify.link.title")}>
      <p>{t("auth.verify.link.intro")}</p>
      <Form method="post" className="auth-form">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert message={formError} />
        <button type="submit" className="btn auth-form__submit" disabled={busy}>
          {busy ? t("auth.verify.link.submitting") : t("auth.verify.link.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

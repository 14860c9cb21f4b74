import { Form, Link, useNavigation } from "react-router";
import { resetSchema } from "~/auth/schemas.ts";
import { RESET_TOKEN_KEYS } from "~/auth/reset-messages.ts";
import { FormAlert, NewPasswordFields } from "~/components/auth/field.tsx";
import { useFormErrors } from "~/components/auth/use-form-errors.ts";
import { localeOfPath } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/restablecer-contrasena";
import { resetAction, resetLoader } from "./restablecer-contrasena.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("auth.reset.meta.title"),
    description: t("auth.reset.meta.description"),
    path: "/restablecer-contrasena",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return resetLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetAction(request, context);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalHref();
  const { errors, onSubmit, onChange } = useFormErrors(resetSchema, actionData?.errors, actionData);
  const busy = useNavigation().state === "submitting";
  const badState = actionData?.tokenState ?? (loaderData.state === "valid" ? undefined : loaderData.state);
  if (badState) {
    return (
      <section className="auth-page container section">
        <div className="auth-card card">
          <h1>{t("auth.reset.invalid.title")}</h1>
          <p className="form-alert form-alert--error" role="alert">
            {t(RESET_TOKEN_KEYS[badState])}
          </p>
          <p>
            <Link className="btn" to={href("/forgot-password")}>
              {t("auth.reset.invalid.requestNew")}
            </Link>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>{t("auth.reset.title")}</h1>
        <p>{t("auth.reset.intro")}</p>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields label={t("auth.reset.newPassword")} errors={errors} />
          <FormAlert message={errors.form} />
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? t("auth.reset.submitting") : t("auth.reset.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}

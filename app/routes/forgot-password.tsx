import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { forgotSchema } from "~/auth/schemas.ts";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { useFormErrors, useHydrated } from "~/components/auth/use-form-errors.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/forgot-password";
import { forgotAction } from "./forgot-password.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("auth.forgot.meta.title"),
    description: t("auth.forgot.meta.description"),
    path: "/forgot-password",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(localeOfRequest(request), ["auth"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return forgotAction(request, context);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) return <Sent email={actionData.email} />;
  return <RequestForm actionData={actionData} />;
}

function RequestForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const t = useT();
  const href = useLocalHref();
  const failed = actionData && !actionData.sent ? actionData : undefined;
  const { errors, onSubmit, onChange } = useFormErrors(forgotSchema, failed?.errors, actionData);
  const [email, setEmail] = useState(failed?.email ?? "");
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>{t("auth.forgot.title")}</h1>
        <p>{t("auth.forgot.intro")}</p>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          <Field
            name="email"
            type="email"
            label={t("auth.field.email")}
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <FormAlert message={errors.form} />
          {/* Disabled while empty once JavaScript runs; without it the server answers instead. */}
          <button type="submit" className="btn auth-form__submit" disabled={busy || (hydrated && email.trim() === "")}>
            {busy ? t("auth.forgot.submitting") : t("auth.forgot.submit")}
          </button>
        </Form>
        <p className="auth-switch">
          <Link to={href("/login")}>{t("auth.forgot.backToLogin")}</Link>
        </p>
      </div>
    </section>
  );
}

function Sent({ email }: { email: string }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>{t("auth.forgot.sent.title")}</h1>
        <p role="status">
          <Rich t={t} k="auth.forgot.sent.text" values={{ email }} tags={{ strong: (c) => <strong>{c}</strong> }} />
        </p>
        <p>
          <Link className="btn btn--outline" to={href("/forgot-password")}>
            {t("auth.forgot.sent.again")}
          </Link>
        </p>
        <p className="auth-switch">
          <Link to={href("/login")}>{t("auth.forgot.backToLogin")}</Link>
        </p>
      </div>
    </section>
  );
}

import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card.tsx";
import { localeOfPath } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/baja";
import { loadUnsubscribe, unsubscribeAction } from "./baja.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("auth.unsubscribe.meta.title"),
    description: t("auth.unsubscribe.meta.description"),
    path: "/baja",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

/** Opening the emailed link changes nothing: a mail scanner that follows links unsubscribes no one. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadUnsubscribe(context, request, params.token);
}

/** The page's button, or the mail provider's one-click POST (RFC 8058). */
export async function action({ params, context, request }: Route.ActionArgs) {
  return unsubscribeAction(context, request, params.token);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalHref();
  const busy = useNavigation().state === "submitting";
  const shown = actionData ?? loaderData;
  if (shown.state === "ask") {
    return (
      <AuthCard title={t("auth.unsubscribe.ask.title")}>
        <p>{t("auth.unsubscribe.ask.question")}</p>
        <p>{t("auth.unsubscribe.ask.text")}</p>
        <Form method="post" className="auth-form">
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? t("auth.unsubscribe.ask.submitting") : t("auth.unsubscribe.ask.submit")}
          </button>
        </Form>
      </AuthCard>
    );
  }
  if (shown.state === "done") {
    return (
      <AuthCard title={t("auth.unsubscribe.done.title")}>
        <p className="form-alert form-alert--success" role="status">
          {shown.message}
        </p>
        <p>
          <Rich
            t={t}
            k="auth.unsubscribe.done.text"
            tags={{ link: (c) => <Link to={href("/perfil/ajustes")}>{c}</Link> }}
          />
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.unsubscribe.invalid.title")}>
      <p className="form-alert form-alert--error" role="alert">
        {shown.message}
      </p>
      <p>
        <Link to={href("/perfil/ajustes")}>{t("auth.unsubscribe.invalid.link")}</Link>
      </p>
    </AuthCard>
  );
}

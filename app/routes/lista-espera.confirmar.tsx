import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card.tsx";
import { getServices } from "~/context.server.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useLocale, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { checkConfirmToken, confirmByToken } from "~/waitlist/confirmation.server.ts";
import type { Route } from "./+types/lista-espera.confirmar";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("waitlist.confirm.meta.title"),
    description: t("waitlist.confirm.meta.description"),
    path: "/lista-espera",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

const slice = (locale: Locale) => messagesFor(locale, ["waitlist"]);

/** Each answer's title and words, listed literally (the catalogue check looks for every key). */
const ANSWERS = {
  confirmed: { title: "waitlist.confirm.confirmed.title", message: "waitlist.confirm.confirmed.message" },
  already: { title: "waitlist.confirm.already.title", message: "waitlist.confirm.already.message" },
  invalid: { title: "waitlist.confirm.invalid.title", message: "waitlist.confirm.invalid.message" },
} as const satisfies Record<string, { title: MessageKey; message: MessageKey }>;

/** "Already confirmed" and "expired or unknown": the same words whatever the reason, and nothing about other entries. */
function answer(locale: Locale, state: "already" | "invalid") {
  return data(
    {
      state,
      message: serverTranslator(locale)(ANSWERS[state].message),
      messages: slice(locale),
    },
    { status: state === "invalid" ? 404 : 200 },
  );
}

/** The emailed link opens this page; confirming is a button (a POST), so a mail scanner that follows links confirms nothing. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const checked = await checkConfirmToken(getServices(context).db, params.token);
  if (checked.state !== "valid" || !checked.entry) {
    return answer(locale, checked.state === "already" ? "already" : "invalid");
  }
  return {
    state: "valid" as const,
    courseTitle: checked.entry.courseTitle,
    startsOn: checked.entry.startsOn,
    messages: slice(locale),
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const services = getServices(context);
  const result = await confirmByToken(services.db, params.token);
  if (result.state !== "confirmed" || !result.entry) {
    return answer(locale, result.state === "already" ? "already" : "invalid");
  }
  // A free seat may have been offered to her at once: its email goes now rather than at the next poll.
  services.jobs?.kick();
  return {
    state: "confirmed" as const,
    message: serverTranslator(locale)(ANSWERS.confirmed.message),
    courseTitle: result.entry.courseTitle,
    startsOn: result.entry.startsOn,
  };
}

const strong = { strong: (c: ReactNode) => <strong>{c}</strong> };

export default function ConfirmWaitlistEntry({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalHref();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const shown = actionData ?? loaderData;
  if (shown.state === "valid") {
    return (
      <AuthCard title={t("waitlist.confirm.valid.title")}>
        <p>
          <Rich
            t={t}
            k="waitlist.confirm.valid.text"
            values={{ course: shown.courseTitle, date: formatLongDate(shown.startsOn, locale) }}
            tags={strong}
          />
        </p>
        <Form method="post" className="auth-form">
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? t("waitlist.confirm.valid.submitting") : t("waitlist.confirm.valid.submit")}
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t(ANSWERS[shown.state].title)}>
      <p
        className={`form-alert ${shown.state === "invalid" ? "form-alert--error" : "form-alert--success"}`}
        role={shown.state === "invalid" ? "alert" : "status"}
      >
        {shown.message}
      </p>
      {shown.state === "confirmed" ? (
        <p>
          <Rich
            t={t}
            k="waitlist.confirm.confirmed.joined"
            values={{ course: shown.courseTitle, date: formatLongDate(shown.startsOn, locale) }}
            tags={strong}
          />
        </p>
      ) : null}
      <p>
        <Link to={href("/formaciones")}>{t("waitlist.confirm.seeCourses")}</Link>
      </p>
    </AuthCard>
  );
}

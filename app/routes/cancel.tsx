import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { site } from "~/content/site.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/cancel";
import { cancelAction, loadCancel } from "./cancel.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("checkout.cancel.meta.title"),
    description: t("checkout.cancel.meta.description"),
    path: "/cancel",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadCancel(request, context)), messages: messagesFor(localeOfRequest(request), ["checkout"]) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return cancelAction(request, context, url);
}

const faq: readonly { q: MessageKey; a: MessageKey }[] = [
  { q: "checkout.cancel.faq.charged.q", a: "checkout.cancel.faq.charged.a" },
  { q: "checkout.cancel.faq.instalments.q", a: "checkout.cancel.faq.instalments.a" },
  { q: "checkout.cancel.faq.declined.q", a: "checkout.cancel.faq.declined.a" },
  { q: "checkout.cancel.faq.seat.q", a: "checkout.cancel.faq.seat.a" },
  { q: "checkout.cancel.faq.safe.q", a: "checkout.cancel.faq.safe.a" },
];

export default function Cancel({ loaderData, actionData }: Route.ComponentProps) {
  const { retry } = loaderData;
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const href = useLocalHref();
  const newTab = <span className="visually-hidden"> {t("checkout.newTab")}</span>;
  return (
    <section className="container section cancel-page">
      <header className="cancel-header">
        <h1>{t("checkout.cancel.title")}</h1>
        <p>{t("checkout.cancel.lead")}</p>
      </header>

      <div className="cancel-options">
        <section className="card cancel-option" aria-labelledby="opcion-reintentar">
          <h2 id="opcion-reintentar">{t("checkout.cancel.retry.title")}</h2>
          {retry ? (
            <Form method="post">
              <p>
                {retry.titles.join(", ")} · {formatEuros(retry.totalCents)}
              </p>
              <input type="hidden" name="orderId" value={retry.orderId} />
              <FormAlert message={actionData?.error} />
              <button type="submit" className="btn" disabled={busy}>
                {busy ? t("checkout.processing") : t("checkout.cancel.retry.button")}
              </button>
            </Form>
          ) : (
            <>
              <p>{t("checkout.cancel.retry.none")}</p>
              <Link className="btn" to={href("/formaciones")}>
                {t("checkout.cancel.browse")}
              </Link>
            </>
          )}
        </section>
        <section className="card cancel-option" aria-labelledby="opcion-contacto">
          <h2 id="opcion-contacto">{t("checkout.cancel.talk.title")}</h2>
          <p>{t("checkout.cancel.talk.text")}</p>
          <a
            className="btn btn--outline"
            href={site.whatsapp.link(t("checkout.cancel.talk.whatsappMessage"))}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp{newTab}
          </a>
        </section>
        <section className="card cancel-option" aria-labelledby="opcion-cita">
          <h2 id="opcion-cita">{t("checkout.cancel.visit.title")}</h2>
          <p>{t("checkout.cancel.visit.text")}</p>
          <Link className="btn btn--outline" to={href("/contacto")}>
            {t("checkout.cancel.visit.button")}
          </Link>
        </section>
      </div>

      <section className="cancel-faq" aria-labelledby="preguntas">
        <h2 id="preguntas">{t("checkout.cancel.faq.title")}</h2>
        {faq.map((item) => (
          <details key={item.q}>
            <summary>{t(item.q)}</summary>
            <p>{t(item.a)}</p>
          </details>
        ))}
      </section>

      <section className="cancel-support" aria-labelledby="soporte">
        <h2 id="soporte">{t("checkout.cancel.support.title")}</h2>
        <ul>
          <li>
            {t("checkout.cancel.support.phone")} <a href={site.phone.href}>{site.phone.display}</a>
          </li>
          <li>
            {t("checkout.cancel.support.whatsapp")}{" "}
            <a
              href={site.whatsapp.link(t("common.whatsapp.defaultMessage", { name: site.name }))}
              target="_blank"
              rel="noopener noreferrer"
            >
              {site.whatsapp.display}
              {newTab}
            </a>
          </li>
          <li>
            {t("checkout.cancel.support.email")} <a href={`mailto:${site.email}`}>{site.email}</a>
          </li>
        </ul>
      </section>
    </section>
  );
}

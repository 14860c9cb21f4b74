import { Link } from "react-router";
import { LegalPage, mailTag } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { publicSellerFacts } from "~/invoices/seller.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/aviso-legal";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("legal.avisoLegal.meta.title"),
    description: t("legal.avisoLegal.meta.description", { salon: site.name }),
    path: "/aviso-legal",
    origin: rootOrigin(matches),
    locale,
  });
};

// The owner's identity as she keeps it in Gestión (/gestion/datos-fiscales) or the configuration.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return {
    seller: await publicSellerFacts(db, config.seller),
    messages: messagesFor(localeOfRequest(request), ["legal"]),
  };
}

export default function AvisoLegal({ loaderData }: Route.ComponentProps) {
  const { seller } = loaderData;
  const t = useT();
  const href = useLocalHref();
  const domain = new URL(site.url).hostname;
  return (
    <LegalPage title={t("legal.avisoLegal.title")} intro={<p>{t("legal.avisoLegal.intro")}</p>}>
      <h2>{t("legal.avisoLegal.s1.title")}</h2>
      <dl className="legal__facts">
        {seller.legalName ? (
          <>
            <dt>{t("legal.facts.holder")}</dt>
            <dd>{seller.legalName}</dd>
          </>
        ) : null}
        {seller.nif ? (
          <>
            <dt>{t("legal.facts.nif")}</dt>
            <dd>{seller.nif}</dd>
          </>
        ) : null}
        <dt>{t("legal.facts.tradeName")}</dt>
        <dd>{site.name}</dd>
        <dt>{seller.address ? t("legal.facts.fiscalAddress") : t("legal.facts.address")}</dt>
        <dd>{seller.address ?? site.address.full}</dd>
        {seller.address && seller.address !== site.address.full ? (
          <>
            <dt>{t("legal.facts.salon")}</dt>
            <dd>{site.address.full}</dd>
          </>
        ) : null}
        <dt>{t("legal.facts.email")}</dt>
        <dd>{mailTag(site.email)(site.email)}</dd>
        <dt>{t("legal.facts.phone")}</dt>
        <dd>
          <a href={site.phone.href}>{site.phone.display}</a>
        </dd>
        {seller.registry ? (
          <>
            <dt>{t("legal.facts.registry")}</dt>
            <dd>{seller.registry}</dd>
          </>
        ) : null}
        <dt>{t("legal.facts.website")}</dt>
        <dd>{domain}</dd>
      </dl>

      <h2>{t("legal.avisoLegal.s2.title")}</h2>
      <p>
        <Rich
          t={t}
          k="legal.avisoLegal.s2.p1"
          values={{ salon: site.name }}
          tags={{ terms: (c) => <Link to={href("/terms")}>{c}</Link> }}
        />
      </p>

      <h2>{t("legal.avisoLegal.s3.title")}</h2>
      <p>{t("legal.avisoLegal.s3.p1")}</p>

      <h2>{t("legal.avisoLegal.s4.title")}</h2>
      <p>{t("legal.avisoLegal.s4.p1")}</p>

      <h2>{t("legal.avisoLegal.s5.title")}</h2>
      <p>{t("legal.avisoLegal.s5.p1")}</p>

      <h2>{t("legal.avisoLegal.s6.title")}</h2>
      <p>{t("legal.avisoLegal.s6.p1")}</p>

      <h2>{t("legal.avisoLegal.s7.title")}</h2>
      <p>
        <Rich
          t={t}
          k="legal.avisoLegal.s7.p1"
          tags={{
            privacy: (c) => <Link to={href("/privacy")}>{c}</Link>,
            cookies: (c) => <Link to={href("/cookies")}>{c}</Link>,
          }}
        />
      </p>

      <h2>{t("legal.avisoLegal.s8.title")}</h2>
      <p>{t("legal.avisoLegal.s8.p1")}</p>
    </LegalPage>
  );
}

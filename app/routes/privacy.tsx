import { Link } from "react-router";
import { LegalPage, mailTag, strongTag } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { publicSellerFacts } from "~/invoices/seller.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("legal.privacy.meta.title"),
    description: t("legal.privacy.meta.description", { salon: site.name }),
    path: "/privacy",
    origin: rootOrigin(matches),
    locale,
  });
};

// The data controller as the owner keeps it in Gestión (/gestion/datos-fiscales) or the configuration.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return {
    seller: await publicSellerFacts(db, config.seller),
    messages: messagesFor(localeOfRequest(request), ["legal"]),
  };
}

/** The purposes table, row by row: purpose and legal basis (keys written out: the catalogue check looks for them). */
const PURPOSES = [
  { purpose: "legal.privacy.s3.r1.purpose", basis: "legal.privacy.s3.r1.basis" },
  { purpose: "legal.privacy.s3.r2.purpose", basis: "legal.privacy.s3.r2.basis" },
  { purpose: "legal.privacy.s3.r3.purpose", basis: "legal.privacy.s3.r3.basis" },
  { purpose: "legal.privacy.s3.r4.purpose", basis: "legal.privacy.s3.r4.basis" },
  { purpose: "legal.privacy.s3.r5.purpose", basis: "legal.privacy.s3.r5.basis" },
  { purpose: "legal.privacy.s3.r6.purpose", basis: "legal.privacy.s3.r6.basis" },
] as const satisfies readonly { purpose: MessageKey; basis: MessageKey }[];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { seller } = loaderData;
  const t = useT();
  const href = useLocalHref();
  const purpose = t("legal.privacy.s3.purpose");
  const basis = t("legal.privacy.s3.basis");
  const strong = { strong: strongTag };
  return (
    <LegalPage title={t("legal.privacy.title")} intro={<p>{t("legal.privacy.intro")}</p>}>
      <h2>{t("legal.privacy.s1.title")}</h2>
      <ul>
        {seller.legalName ? (
          <li>
            {t("legal.facts.holder")}: {seller.legalName}
          </li>
        ) : null}
        {seller.nif ? (
          <li>
            {t("legal.facts.nif")}: {seller.nif}
          </li>
        ) : null}
        <li>
          {t("legal.facts.tradeName")}: {site.name}
        </li>
        <li>
          {t("legal.facts.address")}: {seller.address ?? site.address.full}
        </li>
        <li>
          {t("legal.facts.email")}: {mailTag(site.email)(site.email)}
        </li>
        <li>
          {t("legal.facts.phone")}: <a href={site.phone.href}>{site.phone.display}</a>
        </li>
      </ul>

      <h2>{t("legal.privacy.s2.title")}</h2>
      <ul>
        <li>
          <Rich t={t} k="legal.privacy.s2.li1" tags={strong} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s2.li2" tags={strong} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s2.li3" tags={strong} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s2.li4" tags={strong} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s2.li5" tags={strong} />
        </li>
      </ul>

      <h2>{t("legal.privacy.s3.title")}</h2>
      <table className="legal__table">
        <caption className="visually-hidden">{t("legal.privacy.s3.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{purpose}</th>
            <th scope="col">{basis}</th>
          </tr>
        </thead>
        <tbody>
          {PURPOSES.map((row) => (
            <tr key={row.purpose}>
              <td data-label={purpose}>{t(row.purpose)}</td>
              <td data-label={basis}>{t(row.basis)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("legal.privacy.s3.p1")}</p>

      <h2>{t("legal.privacy.s4.title")}</h2>
      <ul>
        <li>{t("legal.privacy.s4.li1")}</li>
        <li>{t("legal.privacy.s4.li2")}</li>
        <li>{t("legal.privacy.s4.li3")}</li>
        <li>{t("legal.privacy.s4.li4")}</li>
        <li>{t("legal.privacy.s4.li5")}</li>
      </ul>

      <h2>{t("legal.privacy.s5.title")}</h2>
      <p>{t("legal.privacy.s5.p1")}</p>
      <ul>
        <li>
          <Rich t={t} k="legal.privacy.s5.li1" tags={strong} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s5.li2" tags={strong} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s5.li3" tags={strong} />
        </li>
      </ul>
      <p>{t("legal.privacy.s5.p2")}</p>

      <h2>{t("legal.privacy.s6.title")}</h2>
      <p>{t("legal.privacy.s6.p1")}</p>
      <ul>
        <li>
          <Rich t={t} k="legal.privacy.s6.li1" tags={{ profile: (c) => <Link to={href("/perfil")}>{c}</Link> }} />
        </li>
        <li>
          <Rich t={t} k="legal.privacy.s6.li2" values={{ email: site.email }} tags={{ mail: mailTag(site.email) }} />
        </li>
      </ul>
      <p>
        <Rich
          t={t}
          k="legal.privacy.s6.p2"
          tags={{
            aepd: (c) => (
              <a href="https://www.aepd.es" target="_blank" rel="noopener noreferrer">
                {c}
                <span className="visually-hidden">{t("legal.page.newTab")}</span>
              </a>
            ),
          }}
        />
      </p>

      <h2>{t("legal.privacy.s7.title")}</h2>
      <p>{t("legal.privacy.s7.p1")}</p>

      <h2>{t("legal.privacy.s8.title")}</h2>
      <p>{t("legal.privacy.s8.p1")}</p>

      <h2>{t("legal.privacy.s9.title")}</h2>
      <p>{t("legal.privacy.s9.p1")}</p>
    </LegalPage>
  );
}

import { LegalPage, mailTag, strongTag } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { Rich, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("legal.cookies.meta.title"),
    description: t("legal.cookies.meta.description", { salon: site.name }),
    path: "/cookies",
    origin: rootOrigin(matches),
    locale,
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(localeOfRequest(request), ["legal"]) };
}

/**
 * What the site keeps in the browser: the names are the code's, the words the
 * catalogue's (keys written out: the catalogue check looks for them).
 */
const STORED = [
  {
    name: "an_session",
    type: "legal.cookies.s2.session.type",
    purpose: "legal.cookies.s2.session.purpose",
    duration: "legal.cookies.s2.session.duration",
  },
  {
    name: "an_oidc",
    type: "legal.cookies.s2.oidc.type",
    purpose: "legal.cookies.s2.oidc.purpose",
    duration: "legal.cookies.s2.oidc.duration",
  },
  {
    name: "alejandra-nails-cart",
    type: "legal.cookies.s2.cart.type",
    purpose: "legal.cookies.s2.cart.purpose",
    duration: "legal.cookies.s2.cart.duration",
  },
] as const satisfies readonly { name: string; type: MessageKey; purpose: MessageKey; duration: MessageKey }[];

export default function Cookies() {
  const t = useT();
  const name = t("legal.cookies.s2.name");
  const type = t("legal.cookies.s2.type");
  const purpose = t("legal.cookies.s2.purpose");
  const duration = t("legal.cookies.s2.duration");
  return (
    <LegalPage
      title={t("legal.cookies.title")}
      intro={
        <p>
          <Rich t={t} k="legal.cookies.intro" tags={{ strong: strongTag }} />
        </p>
      }
    >
      <h2>{t("legal.cookies.s1.title")}</h2>
      <p>{t("legal.cookies.s1.p1")}</p>

      <h2>{t("legal.cookies.s2.title")}</h2>
      <table className="legal__table">
        <caption className="visually-hidden">{t("legal.cookies.s2.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{name}</th>
            <th scope="col">{type}</th>
            <th scope="col">{purpose}</th>
            <th scope="col">{duration}</th>
          </tr>
        </thead>
        <tbody>
          {STORED.map((item) => (
            <tr key={item.name}>
              <td data-label={name}>
                <code>{item.name}</code>
              </td>
              <td data-label={type}>{t(item.type)}</td>
              <td data-label={purpose}>{t(item.purpose)}</td>
              <td data-label={duration}>{t(item.duration)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("legal.cookies.s2.p1")}</p>

      <h2>{t("legal.cookies.s3.title")}</h2>
      <p>{t("legal.cookies.s3.p1")}</p>

      <h2>{t("legal.cookies.s4.title")}</h2>
      <p>{t("legal.cookies.s4.p1")}</p>

      <h2>{t("legal.cookies.s5.title")}</h2>
      <p>{t("legal.cookies.s5.p1")}</p>

      <h2>{t("legal.cookies.s6.title")}</h2>
      <p>
        <Rich t={t} k="legal.cookies.s6.p1" values={{ email: site.email }} tags={{ mail: mailTag(site.email) }} />
      </p>
    </LegalPage>
  );
}

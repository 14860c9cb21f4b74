import { Link } from "react-router";
import { LegalPage, mailTag, strongTag } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type MessageKey } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("legal.terms.meta.title"),
    description: t("legal.terms.meta.description", { salon: site.name }),
    path: "/terms",
    origin: rootOrigin(matches),
    locale,
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(localeOfRequest(request), ["legal"]) };
}

/**
 * The model withdrawal form (Annex B TRLGDCU) as the page shows it, line by line.
 * The purchase email copies the Spanish one from app/content/withdrawal-form.ts;
 * tests/integration/i18n-legal.test.ts holds the two to the same words.
 */
const FORM_LINES = [
  "legal.terms.form.l1",
  "legal.terms.form.l2",
  "legal.terms.form.l3",
  "legal.terms.form.l4",
  "legal.terms.form.l5",
  "legal.terms.form.l6",
  "legal.terms.form.l7",
  "legal.terms.form.l8",
] as const satisfies readonly MessageKey[];

export default function Terms() {
  const t = useT();
  const href = useLocalHref();
  const mail = { mail: mailTag(site.email) };
  const email = { email: site.email };
  return (
    <LegalPage
      title={t("legal.terms.title")}
      intro={
        <p>
          <Rich t={t} k="legal.terms.intro" tags={{ aviso: (c) => <Link to={href("/aviso-legal")}>{c}</Link> }} />
        </p>
      }
    >
      <h2>{t("legal.terms.s1.title")}</h2>
      <p>
        <Rich
          t={t}
          k="legal.terms.s1.p1"
          values={{ salon: site.name, locality: site.address.locality }}
          tags={{ courses: (c) => <Link to={href("/formaciones")}>{c}</Link> }}
        />
      </p>

      <h2>{t("legal.terms.s2.title")}</h2>
      <p>{t("legal.terms.s2.p1")}</p>

      <h2>{t("legal.terms.s3.title")}</h2>
      <ol>
        <li>{t("legal.terms.s3.li1")}</li>
        <li>
          <Rich t={t} k="legal.terms.s3.li2" tags={{ privacy: (c) => <Link to={href("/privacy")}>{c}</Link> }} />
        </li>
        <li>{t("legal.terms.s3.li3")}</li>
        <li>
          <Rich t={t} k="legal.terms.s3.li4" tags={{ myCourses: (c) => <Link to={href("/mis-cursos")}>{c}</Link> }} />
        </li>
      </ol>
      <p>{t("legal.terms.s3.p1")}</p>

      <h2>{t("legal.terms.s4.title")}</h2>
      <ul>
        <li>{t("legal.terms.s4.li1")}</li>
        <li>{t("legal.terms.s4.li2")}</li>
      </ul>
      <p>{t("legal.terms.s4.p1")}</p>

      <h2>{t("legal.terms.s5.title")}</h2>
      <p>{t("legal.terms.s5.p1")}</p>

      <h2 id="desistimiento">{t("legal.terms.s6.title")}</h2>
      <p>
        <Rich t={t} k="legal.terms.s6.p1" values={email} tags={mail} />
      </p>
      <p>{t("legal.terms.s6.p2")}</p>
      <ul>
        <li>
          <Rich t={t} k="legal.terms.s6.li1" tags={{ strong: strongTag }} />
        </li>
        <li>
          <Rich t={t} k="legal.terms.s6.li2" tags={{ strong: strongTag }} />
        </li>
      </ul>
      <h3 id="formulario-desistimiento">{t("legal.terms.form.title")}</h3>
      <p>
        <Rich t={t} k="legal.terms.s6.formUse" values={email} tags={mail} />
      </p>
      <blockquote className="withdrawal-form">
        <p>{t("legal.terms.form.intro")}</p>
        {FORM_LINES.map((line) => (
          <p key={line}>{t(line, { salon: site.name, address: site.address.full, email: site.email })}</p>
        ))}
      </blockquote>

      <h2>{t("legal.terms.s7.title")}</h2>
      <p>
        <Rich t={t} k="legal.terms.s7.p1" values={email} tags={mail} />
      </p>

      <h2>{t("legal.terms.s8.title")}</h2>
      <p>{t("legal.terms.s8.p1")}</p>

      <h2>{t("legal.terms.s9.title")}</h2>
      <p>{t("legal.terms.s9.p1", { salon: site.name })}</p>

      <h2>{t("legal.terms.s10.title")}</h2>
      <p>
        <Rich
          t={t}
          k="legal.terms.s10.p1"
          values={{ ...email, phone: site.phone.display }}
          tags={{ ...mail, phone: (c) => <a href={site.phone.href}>{c}</a> }}
        />
      </p>

      <h2>{t("legal.terms.s11.title")}</h2>
      <p>{t("legal.terms.s11.p1")}</p>
    </LegalPage>
  );
}

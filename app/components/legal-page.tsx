import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { legalLinks } from "~/content/legal-links.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";

// The revision date is in the catalogue (legal.page.updated): update it in both
// languages when the texts change.

/** Shared frame of the legal pages: title, revision date, text and links to the sibling texts. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <article className="legal">
      <header className="info-hero">
        <div className="container legal__container">
          <h1>{title}</h1>
          <p className="muted">{t("legal.page.updated")}</p>
          <div className="info-hero__lead">{intro}</div>
        </div>
      </header>
      <div className="container legal__container legal__body">{children}</div>
      <nav className="container legal__container legal__related" aria-label={t("legal.page.related")}>
        <h2>{t("legal.page.related")}</h2>
        <ul>
          {legalLinks.map((item) => (
            <li key={item.to}>
              <NavLink to={href(item.to)}>{t(item.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

/** Renders `<mail>…</mail>` in a legal message: the salon's address as a mailto link. */
export function mailTag(email: string) {
  return function MailLink(children: ReactNode) {
    return <a href={`mailto:${email}`}>{children}</a>;
  };
}

/** Renders `<strong>…</strong>` in a legal message. */
export function strongTag(children: ReactNode) {
  return <strong>{children}</strong>;
}

import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { legalLinks } from "./layout/footer.tsx";

/** Date of the last revision of the legal texts (update it when they change). */
const LEGAL_UPDATED = "noviembre de 2026";

/** Shared frame of the legal pages: title, revision date, text and links to the sibling texts. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="legal">
      <header className="info-hero">
        <div className="container legal__container">
          <h1>{title}</h1>
          <p className="muted">Última actualización: {LEGAL_UPDATED}</p>
          <div className="info-hero__lead">{intro}</div>
        </div>
      </header>
      <div className="container legal__container legal__body">{children}</div>
      <nav className="container legal__container legal__related" aria-label="Otros textos legales">
        <h2>Otros textos legales</h2>
        <ul>
          {legalLinks.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

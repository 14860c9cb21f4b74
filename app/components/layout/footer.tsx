import { legalLinks } from "~/content/legal-links.ts";
import { Link } from "react-router";
import { site } from "~/content/site.ts";
import { LanguageSwitcher } from "~/i18n/language-switcher.tsx";
import type { MessageKey } from "~/i18n/messages.ts";
import { useLocalHref, useLocale, useT } from "~/i18n/react.tsx";
import { navItems } from "./header.tsx";
import { hoursLines } from "~/content/hours.ts";
import { SocialLinks } from "./social-links.tsx";

const services = [
  { to: "/servicios#manos", label: "common.footer.service.manicure" },
  { to: "/servicios#pies", label: "common.footer.service.pedicure" },
  { to: "/servicios#facial", label: "common.footer.service.facial" },
  { to: "/servicios#diseno", label: "common.footer.service.nailDesign" },
  { to: "/formaciones", label: "common.footer.service.courses" },
] as const satisfies readonly { to: string; label: MessageKey }[];

/** "INICIO" → "Inicio": the footer writes the menu's words in sentence case. */
function sentenceCase(label: string, locale: string): string {
  return label.charAt(0) + label.slice(1).toLocaleLowerCase(locale);
}

export function Footer() {
  const t = useT();
  const href = useLocalHref();
  const locale = useLocale();
  // A string: a number argument would be formatted with a thousands separator ("2.026").
  const year = String(new Date().getFullYear());
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            {site.name}
          </h2>
          <p>{t("common.brand.description")}</p>
          <SocialLinks className="social-links social-links--footer" />
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t("common.footer.quickLinks")}</h2>
          <ul>
            {navItems.map((item) => (
              <li key={item.to}>
                <Link to={href(item.to)}>{sentenceCase(t(item.label), locale)}</Link>
              </li>
            ))}
            <li>
              <Link to={href("/servicios")}>{t("common.footer.servicesAndPrices")}</Link>
            </li>
            <li>
              <Link to={href("/carrito")}>{t("common.footer.cart")}</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">{t("common.footer.services")}</h2>
          <ul>
            {services.map((service) => (
              <li key={service.to}>
                <Link to={href(service.to)}>{t(service.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t("common.footer.contact")}</h2>
          <address>
            <p>
              <a href={site.maps.place} target="_blank" rel="noopener noreferrer">
                {site.address.full}
                <span className="visually-hidden"> {t("common.footer.mapHint")}</span>
              </a>
            </p>
            <p>
              {t("common.footer.callsAndSms")} <a href={site.phone.href}>{site.phone.display}</a>
              {" · "}
              <a href={site.phone.sms}>
                SMS<span className="visually-hidden"> {t("common.footer.smsTo", { phone: site.phone.display })}</span>
              </a>
            </p>
            <p>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </address>
          <h3>{t("common.footer.hours")}</h3>
          <ul className="site-footer__hours">
            {hoursLines(t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>

      <div className="container site-footer__bottom">
        <p>{t("common.footer.copyright", { year, name: site.name })}</p>
        <LanguageSwitcher className="language-switcher site-footer__language" />
        <nav aria-label={t("common.footer.legalNav")}>
          <ul className="site-footer__legal">
            {legalLinks.map((item) => (
              <li key={item.to}>
                <Link to={href(item.to)}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

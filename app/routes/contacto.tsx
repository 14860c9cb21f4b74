import type { ReactNode } from "react";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "~/components/layout/icons.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { SocialLinks } from "~/components/layout/social-links.tsx";
import { Picture } from "~/components/picture.tsx";
import { hoursLines } from "~/content/hours.ts";
import { site } from "~/content/site.ts";
import { decimalText } from "~/domain/es-format.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/contacto";
import { PostalAddress } from "~/components/postal-address.tsx";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useT } from "~/i18n/react.tsx";

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(localeOfRequest(request), ["contact"]) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("contact.meta.title"),
    description: t("contact.meta.description", { address: site.address.full, phone: site.phone.display }),
    path: "/contacto",
    origin: rootOrigin(matches),
    locale,
  });
};

// The figure is written with a decimal comma in both languages ("4,2").
const rating = decimalText(site.rating.value, 1);
const hidden = (children: ReactNode) => <span className="visually-hidden">{children}</span>;

export default function Contacto() {
  const t = useT();
  const newTab = hidden(` ${t("contact.newTab")}`);
  const hours = hoursLines(t);
  return (
    <>
      <section className="info-hero">
        <div className="container">
          <p className="info-hero__eyebrow">{t("contact.hero.eyebrow", { locality: site.address.locality })}</p>
          <h1>{t("contact.hero.title")}</h1>
          <p className="info-hero__lead">{t("contact.hero.lead")}</p>
          <div className="quick-actions">
            <a
              className="btn btn--whatsapp"
              href={site.whatsapp.link(t("contact.urgent.message", { salon: site.name }))}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon size={20} />
              {t("contact.urgent.button")}
              {newTab}
            </a>
            <a className="btn btn--outline" href={site.phone.href}>
              <PhoneIcon size={20} />
              <Rich t={t} k="contact.call.button" values={{ phone: site.phone.display }} tags={{ hidden }} />
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="datos-contacto">
        <div className="container contact-layout">
          <div>
            <h2 id="datos-contacto">{t("contact.details.title")}</h2>
            <ul className="contact-list">
              <li>
                <MapPinIcon />
                <div>
                  <h3>{t("contact.address.title")}</h3>
                  <PostalAddress />
                  <a href={site.maps.place} target="_blank" rel="noopener noreferrer">
                    {t("contact.address.map")}
                    {newTab}
                  </a>
                  {" · "}
                  <a href={site.maps.directions} target="_blank" rel="noopener noreferrer">
                    {t("contact.address.directions")}
                    {newTab}
                  </a>
                </div>
              </li>
              <li>
                <PhoneIcon />
                <div>
                  <h3>{t("contact.phone.title")}</h3>
                  <p>
                    <a href={site.phone.href}>{site.phone.display}</a>
                  </p>
                  <p className="muted">
                    <Rich t={t} k="contact.phone.note" tags={{ sms: (c) => <a href={site.phone.sms}>{c}</a> }} />
                  </p>
                </div>
              </li>
              <li>
                <WhatsAppIcon />
                <div>
                  <h3>{t("contact.whatsapp.title")}</h3>
                  <p>
                    <a
                      href={site.whatsapp.link(t("contact.whatsapp.message", { salon: site.name }))}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {site.whatsapp.display}
                      {newTab}
                    </a>
                  </p>
                  <p className="muted">{t("contact.whatsapp.note")}</p>
                </div>
              </li>
              <li>
                <MailIcon />
                <div>
                  <h3>{t("contact.email.title")}</h3>
                  <p>
                    <a href={`mailto:${site.email}`}>{site.email}</a>
                  </p>
                </div>
              </li>
              <li>
                <ClockIcon />
                <div>
                  <h3>{t("contact.hours.title")}</h3>
                  <ul className="plain-list">
                    {hours.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              </li>
            </ul>

            <h2 className="contact-social-title">{t("contact.social.title")}</h2>
            <SocialLinks className="social-links social-links--text" withText />
          </div>

          <figure className="contact-map card">
            <Picture
              name="mapa"
              alt={t("contact.map.alt", { salon: site.name, address: site.address.full })}
              sizes="(min-width: 900px) 520px, 100vw"
            />
            <figcaption>
              <span className="rating">
                <span className="rating__stars" aria-hidden="true">
                  ★★★★☆
                </span>
                <strong>{rating}</strong>
                <span>
                  <Rich t={t} k="contact.rating.outOf" values={{ count: site.rating.count }} tags={{ hidden }} />
                </span>
              </span>
              <span className="muted">{site.address.full}</span>
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="reserva-titulo">
        <div className="container cta-block">
          <h2 id="reserva-titulo">{t("contact.booking.title")}</h2>
          <p>{t("contact.booking.text")}</p>
          <BookingLink className="btn">{t("contact.booking.button")}</BookingLink>
        </div>
      </section>
    </>
  );
}

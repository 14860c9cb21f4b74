import { Link } from "react-router";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import {
  serviceBookingPath,
  serviceDurationText,
  servicesJsonLd,
  SERVICES_PATH,
  type MenuEntry,
} from "~/components/services/service-menu.ts";
import { Picture } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type Translate } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/servicios";
import { loadServicesPage } from "./servicios.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return { ...(await loadServicesPage(getServices(context).db, locale)), messages: messagesFor(locale, ["services"]) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = rootOrigin(matches);
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return [
    ...pageMeta({
      title: t("services.meta.title", { locality: site.address.locality }),
      description: t("services.meta.description", { salon: site.name, locality: site.address.locality }),
      path: SERVICES_PATH,
      origin,
      locale,
    }),
    jsonLd(
      servicesJsonLd(loaderData?.groups ?? [], origin, {
        path: localHref(locale, SERVICES_PATH),
        catalogName: t("services.jsonLd.catalogName", { salon: site.name }),
      }),
    ),
  ];
};

/** "25,00 €", or "desde 40,00 €" ("des de 40,00 €") for a starting price. */
function priceText(t: Translate, s: Pick<MenuEntry, "priceCents" | "priceFrom">): string {
  return s.priceFrom ? t("services.item.priceFrom", { price: formatEuros(s.priceCents) }) : formatEuros(s.priceCents);
}

/** The señal paid when booking online, for a service booked online with one; null otherwise. */
function depositText(t: Translate, s: Pick<MenuEntry, "depositCents" | "bookableOnline">): string | null {
  return s.bookableOnline && s.depositCents
    ? t("services.item.deposit", { amount: formatEuros(s.depositCents) })
    : null;
}

function ServiceAction({ service }: { service: MenuEntry }) {
  const t = useT();
  if (service.bookableOnline) {
    return (
      <BookingLink to={serviceBookingPath(service.id)} className="btn btn--outline service-item__book">
        {t("services.item.book")}
        <span className="visually-hidden"> {service.name}</span>
      </BookingLink>
    );
  }
  return (
    <p className="service-item__phone">
      {t("services.item.byPhone")}{" "}
      <a href={site.phone.href}>
        <span className="visually-hidden">{t("services.item.call")}</span>
        {site.phone.display}
      </a>
      {" · "}
      <a
        href={site.whatsapp.link(t("services.item.whatsappMessage", { salon: site.name, service: service.name }))}
        target="_blank"
        rel="noopener noreferrer"
      >
        WhatsApp<span className="visually-hidden">{t("services.item.newTab")}</span>
      </a>
    </p>
  );
}

export default function Servicios({ loaderData }: Route.ComponentProps) {
  const { groups, photos } = loaderData;
  const t = useT();
  const href = useLocalHref();
  return (
    <>
      <section className="page-hero" aria-labelledby="servicios-title">
        <div className="container">
          <p className="eyebrow">{t("services.hero.eyebrow")}</p>
          <h1 id="servicios-title">{t("services.hero.title")}</h1>
          <p className="page-hero__lead">{t("services.hero.lead", { locality: site.address.locality })}</p>
          {groups.length > 1 ? (
            <nav aria-label={t("services.nav.label")} className="services-nav">
              <ul>
                {groups.map((g) => (
                  <li key={g.category}>
                    <a href={`#${g.category}`}>{g.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </section>

      {groups.length === 0 ? (
        <section className="section">
          <div className="container">
            <p>
              <Rich
                t={t}
                k="services.empty"
                values={{ phone: site.phone.display }}
                tags={{ phone: (c) => <a href={site.phone.href}>{c}</a> }}
              />
            </p>
          </div>
        </section>
      ) : null}

      {groups.map((g, i) => (
        <section
          key={g.category}
          id={g.category}
          className={i % 2 === 1 ? "section section--blush services-group" : "section services-group"}
          aria-labelledby={`${g.category}-title`}
        >
          <div className="container">
            <h2 id={`${g.category}-title`}>{g.label}</h2>
            <ul className="service-list">
              {g.services.map((s) => (
                <li key={s.id} id={`servicio-${s.id}`} className="card service-item">
                  {photos[s.id] ? (
                    <Picture
                      name={photos[s.id]!.entry}
                      alt={photos[s.id]!.alt}
                      sizes="(min-width: 900px) 420px, calc(100vw - 2rem)"
                      className="service-item__img"
                    />
                  ) : null}
                  <div className="service-item__head">
                    <h3>{s.name}</h3>
                    <p className="service-item__price">{priceText(t, s)}</p>
                  </div>
                  <p className="service-item__meta">
                    <span className="visually-hidden">{t("services.item.durationLabel")}</span>
                    {serviceDurationText(s)}
                    {depositText(t, s) ? ` · ${depositText(t, s)}` : ""}
                  </p>
                  <p className="service-item__text">{s.description}</p>
                  <ServiceAction service={s} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <section className="section" aria-labelledby="servicios-cta-title">
        <div className="container cta-block">
          <h2 id="servicios-cta-title">{t("services.cta.title")}</h2>
          <p>
            <Rich
              t={t}
              k="services.cta.text"
              tags={{
                team: (c) => <Link to={href("/equipo")}>{c}</Link>,
                contact: (c) => <Link to={href("/contacto")}>{c}</Link>,
              }}
            />
          </p>
          <BookingLink className="btn">{t("services.cta.button")}</BookingLink>
        </div>
      </section>
    </>
  );
}

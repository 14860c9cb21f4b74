import { Link } from "react-router";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import {
  serviceBookingPath,
  serviceDurationText,
  serviceDepositText,
  servicePriceText,
  servicesJsonLd,
  SERVICES_PATH,
  type MenuEntry,
} from "~/components/services/service-menu.ts";
import { Picture } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/servicios";
import { loadServicesPage } from "./servicios.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadServicesPage(getServices(context).db);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = rootOrigin(matches);
  return [
    ...pageMeta({
      title: `Servicios y precios · Salón de uñas en ${site.address.locality}`,
      description: `Carta de servicios de ${site.name} en ${site.address.locality}: manicura, pedicura, uñas de gel y acrílico, nail art y tratamientos faciales, con su duración y su precio. Reserva tu cita online.`,
      path: SERVICES_PATH,
      origin,
    }),
    jsonLd(servicesJsonLd(loaderData?.groups ?? [], origin)),
  ];
};

const WHATSAPP_MESSAGE = "¡Hola, Alejandra Nails! Me gustaría pedir cita para";

function ServiceAction({ service }: { service: MenuEntry }) {
  if (service.bookableOnline) {
    return (
      <BookingLink to={serviceBookingPath(service.id)} className="btn btn--outline service-item__book">
        Reservar<span className="visually-hidden"> {service.name}</span>
      </BookingLink>
    );
  }
  return (
    <p className="service-item__phone">
      Pide cita por teléfono o WhatsApp:{" "}
      <a href={site.phone.href}>
        <span className="visually-hidden">Llamar al </span>
        {site.phone.display}
      </a>
      {" · "}
      <a href={site.whatsapp.link(`${WHATSAPP_MESSAGE} «${service.name}».`)} target="_blank" rel="noopener noreferrer">
        WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
      </a>
    </p>
  );
}

export default function Servicios({ loaderData }: Route.ComponentProps) {
  const { groups, photos } = loaderData;
  return (
    <>
      <section className="page-hero" aria-labelledby="servicios-title">
        <div className="container">
          <p className="eyebrow">Servicios</p>
          <h1 id="servicios-title">Servicios y precios</h1>
          <p className="page-hero__lead">
            Todo lo que hacemos en el salón de {site.address.locality}, con lo que dura y lo que cuesta. Los precios
            «desde» dependen del largo y del diseño: te lo confirmamos antes de empezar.
          </p>
          {groups.length > 1 ? (
            <nav aria-label="Categorías de servicios" className="services-nav">
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
              Estamos actualizando la carta. Llámanos al <a href={site.phone.href}>{site.phone.display}</a> y te
              contamos los servicios y precios.
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
                    <p className="service-item__price">{servicePriceText(s)}</p>
                  </div>
                  <p className="service-item__meta">
                    <span className="visually-hidden">Duración: </span>
                    {serviceDurationText(s)}
                    {serviceDepositText(s) ? ` · ${serviceDepositText(s)}` : ""}
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
          <h2 id="servicios-cta-title">¿No sabes qué elegir?</h2>
          <p>
            Cuéntanos qué te apetece y te aconsejamos. También puedes ver nuestro <Link to="/equipo">equipo</Link> o
            escribirnos desde <Link to="/contacto">contacto</Link>.
          </p>
          <BookingLink className="btn">RESERVA TU CITA</BookingLink>
        </div>
      </section>
    </>
  );
}

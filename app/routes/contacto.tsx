import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "~/components/layout/icons.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { SocialLinks } from "~/components/layout/social-links.tsx";
import { Picture } from "~/components/picture.tsx";
import { hoursLines, site } from "~/content/site.ts";
import { decimalText } from "~/domain/es-format.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/contacto";
import { PostalAddress } from "~/components/postal-address.tsx";

const URGENT_WHATSAPP_MESSAGE = "¡Hola, Alejandra Nails! Necesito una cita urgente. ¿Tenéis algún hueco hoy o mañana?";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contacto",
    description: `Visítanos en ${site.address.full}. Llámanos o escríbenos por WhatsApp al ${site.phone.display}, consulta el horario y cómo llegar al salón.`,
    path: "/contacto",
    origin: rootOrigin(matches),
  });

const newTab = <span className="visually-hidden"> (se abre en una pestaña nueva)</span>;
const rating = decimalText(site.rating.value, 1);

export default function Contacto() {
  return (
    <>
      <section className="info-hero">
        <div className="container">
          <p className="info-hero__eyebrow">Estamos en Molins de Rei</p>
          <h1>Contacto</h1>
          <p className="info-hero__lead">
            ¿Quieres reservar, preguntar por una formación o resolver una duda? Escríbenos o llámanos: te atendemos
            encantadas.
          </p>
          <div className="quick-actions">
            <a
              className="btn btn--whatsapp"
              href={site.whatsapp.link(URGENT_WHATSAPP_MESSAGE)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon size={20} />
              Reserva urgente por WhatsApp{newTab}
            </a>
            <a className="btn btn--outline" href={site.phone.href}>
              <PhoneIcon size={20} />
              Llamar<span className="visually-hidden"> al {site.phone.display}</span>
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="datos-contacto">
        <div className="container contact-layout">
          <div>
            <h2 id="datos-contacto">Datos de contacto</h2>
            <ul className="contact-list">
              <li>
                <MapPinIcon />
                <div>
                  <h3>Dirección</h3>
                  <PostalAddress />
                  <a href={site.maps.place} target="_blank" rel="noopener noreferrer">
                    Ver en el mapa{newTab}
                  </a>
                  {" · "}
                  <a href={site.maps.directions} target="_blank" rel="noopener noreferrer">
                    Cómo llegar{newTab}
                  </a>
                </div>
              </li>
              <li>
                <PhoneIcon />
                <div>
                  <h3>Teléfono</h3>
                  <p>
                    <a href={site.phone.href}>{site.phone.display}</a>
                  </p>
                  <p className="muted">
                    Llamadas y <a href={site.phone.sms}>SMS</a>
                  </p>
                </div>
              </li>
              <li>
                <WhatsAppIcon />
                <div>
                  <h3>WhatsApp</h3>
                  <p>
                    <a
                      href={site.whatsapp.link(site.whatsapp.defaultMessage)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {site.whatsapp.display}
                      {newTab}
                    </a>
                  </p>
                  <p className="muted">Respondemos en horario de apertura.</p>
                </div>
              </li>
              <li>
                <MailIcon />
                <div>
                  <h3>Correo electrónico</h3>
                  <p>
                    <a href={`mailto:${site.email}`}>{site.email}</a>
                  </p>
                </div>
              </li>
              <li>
                <ClockIcon />
                <div>
                  <h3>Horario</h3>
                  <ul className="plain-list">
                    {hoursLines().map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              </li>
            </ul>

            <h2 className="contact-social-title">Síguenos</h2>
            <SocialLinks className="social-links social-links--text" withText />
          </div>

          <figure className="contact-map card">
            <Picture
              name="mapa"
              alt={`Mapa con la ubicación de ${site.name} en ${site.address.full}: ilustración de las calles del centro, entre el río Llobregat y la vía del tren`}
              sizes="(min-width: 900px) 520px, 100vw"
            />
            <figcaption>
              <span className="rating">
                <span className="rating__stars" aria-hidden="true">
                  ★★★★☆
                </span>
                <strong>{rating}</strong>
                <span>
                  de 5 · {site.rating.count} reseñas<span className="visually-hidden"> en Google</span>
                </span>
              </span>
              <span className="muted">{site.address.full}</span>
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="reserva-titulo">
        <div className="container cta-block">
          <h2 id="reserva-titulo">¿Prefieres reservar por tu cuenta?</h2>
          <p>Elige servicio, día y hora en nuestra agenda online. Solo te llevará un minuto.</p>
          <BookingLink className="btn">RESERVA TU CITA</BookingLink>
        </div>
      </section>
    </>
  );
}

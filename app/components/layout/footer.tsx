import { Link } from "react-router";
import { hoursLines, site } from "~/content/site.ts";
import { navItems } from "./header.tsx";
import { SocialLinks } from "./social-links.tsx";

const services = [
  { to: "/servicios#manos", label: "Manicura" },
  { to: "/servicios#pies", label: "Pedicura" },
  { to: "/servicios#facial", label: "Tratamientos faciales" },
  { to: "/servicios#diseno", label: "Diseño de uñas" },
  { to: "/formaciones", label: "Formaciones" },
] as const;

export const legalLinks = [
  { to: "/privacy", label: "Política de privacidad" },
  { to: "/terms", label: "Términos y condiciones" },
  { to: "/aviso-legal", label: "Aviso legal" },
  { to: "/cookies", label: "Política de cookies" },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            {site.name}
          </h2>
          <p>{site.description}</p>
          <SocialLinks className="social-links social-links--footer" />
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Enlaces rápidos</h2>
          <ul>
            {navItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label.charAt(0) + item.label.slice(1).toLowerCase()}</Link>
              </li>
            ))}
            <li>
              <Link to="/servicios">Servicios y precios</Link>
            </li>
            <li>
              <Link to="/carrito">Carrito</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">Servicios</h2>
          <ul>
            {services.map((service) => (
              <li key={service.to}>
                <Link to={service.to}>{service.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contacto</h2>
          <address>
            <p>
              <a href={site.maps.place} target="_blank" rel="noopener noreferrer">
                {site.address.full}
                <span className="visually-hidden"> (ver en el mapa, se abre en una pestaña nueva)</span>
              </a>
            </p>
            <p>
              Llamadas y SMS: <a href={site.phone.href}>{site.phone.display}</a>
              {" · "}
              <a href={site.phone.sms}>
                SMS<span className="visually-hidden"> al {site.phone.display}</span>
              </a>
            </p>
            <p>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </address>
          <h3>Horario</h3>
          <ul className="site-footer__hours">
            {hoursLines().map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>

      <div className="container site-footer__bottom">
        <p>
          © {year} {site.name}. Todos los derechos reservados.
        </p>
        <nav aria-label="Información legal">
          <ul className="site-footer__legal">
            {legalLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

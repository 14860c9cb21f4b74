import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { useBookingLink } from "~/root-data.ts";

/**
 * A "RESERVA TU CITA" button or link: to /reservar in the same tab, or (when the
 * owner chose an external booking page in Gestión → Reservas) to that page in a
 * new tab, saying so to screen readers in the page's language. `to` overrides
 * the site's path (e.g. /reservar?servicio=…) and is ignored when booking is external.
 */
export function BookingLink({ className, children, to }: { className?: string; children: ReactNode; to?: string }) {
  const booking = useBookingLink();
  const t = useT();
  const href = useLocalHref();
  if (booking.external) {
    return (
      <a href={booking.href} className={className} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden"> {t("common.a11y.newTab")}</span>
      </a>
    );
  }
  return (
    <Link to={href(to ?? booking.href)} className={className}>
      {children}
    </Link>
  );
}

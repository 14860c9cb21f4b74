import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewTabLink } from "~/components/home/new-tab-link.tsx";
import { useBookingLink } from "~/root-data.ts";

/**
 * A "RESERVA TU CITA" button or link: to /reservar in the same tab, or (when the
 * owner chose an external booking page in Gestión → Reservas) to that page in a
 * new tab, saying so to screen readers. `to` overrides the site's path (e.g.
 * /reservar?servicio=…) and is ignored when booking is external.
 */
export function BookingLink({ className, children, to }: { className?: string; children: ReactNode; to?: string }) {
  const booking = useBookingLink();
  if (booking.external) {
    return (
      <NewTabLink href={booking.href} className={className}>
        {children}
      </NewTabLink>
    );
  }
  return (
    <Link to={to ?? booking.href} className={className}>
      {children}
    </Link>
  );
}

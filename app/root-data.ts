/**
 * What the root loader hands to every page: the signed-in user's public fields,
 * the site's origin and the booking link. A plain module so that layout components and pages can name
 * these types without importing app/root.tsx (which imports the layouts).
 */
import { useRouteLoaderData } from "react-router";
import { SITE_BOOKING_PATH, type BookingLink } from "./domain/booking-settings-form.ts";
import type { Locale } from "./i18n/locales.ts";
import type { Messages } from "./i18n/messages.ts";

/** Public fields of the signed-in user, known on the first paint. */
export interface RootUser {
  id: string;
  email: string;
  displayName: string;
  /** Shown in the header's pill; the full name stays its accessible name. */
  firstName: string;
}

export interface RootLoaderData {
  user: RootUser | null;
  /** Origin of PUBLIC_URL, for canonical and og:url (never the request's Host header). */
  origin: string;
  /** Where "RESERVA TU CITA" leads: /reservar, or the owner's external booking page (new tab). */
  booking: BookingLink;
  /** The page's language (its URL's) and the frame's words in it (header, footer, error pages). */
  locale: Locale;
  messages: Messages;
  /** On a Spanish page with a Catalan version, the words of the one-time offer to switch, in Catalan (language-offer.tsx). */
  languageOffer: Messages | null;
}

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>("root");
}

/** The booking link of every "RESERVA TU CITA" button; /reservar when the root loader did not run. */
export function useBookingLink(): BookingLink {
  return useRootData()?.booking ?? { href: SITE_BOOKING_PATH, external: false };
}

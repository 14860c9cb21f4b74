// The public service menu as text and as schema.org data (/servicios): prices
// in es-ES, durations, and an OfferCatalog of Service nodes, each with its Offer,
// provided by the salon described in app/content/salon-schema.ts.
import { salonJsonLd } from "~/content/salon-schema.ts";
import { site } from "~/content/site.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatServicePrice } from "~/domain/service-text.ts";
import { absoluteUrl } from "~/lib/seo.ts";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/** What the page and its JSON-LD need of a service (MenuService, without the server's fields). */
export interface MenuEntry {
  id: string;
  name: string;
  description: string;
  durationMin: number;
  priceCents: number;
  priceFrom: boolean;
  depositCents: number | null;
  bookableOnline: boolean;
}

export interface MenuGroup {
  category: string;
  label: string;
  services: MenuEntry[];
}

export const SERVICES_PATH = "/servicios";

/** "25,00 €", or "desde 40,00 €" for a starting price. */
export function servicePriceText(s: Pick<MenuEntry, "priceCents" | "priceFrom">): string {
  return formatServicePrice(s.priceCents, s.priceFrom);
}

/** "Señal de 10,00 € al reservar en la web", for a service booked online with a deposit; null otherwise. */
export function serviceDepositText(s: Pick<MenuEntry, "depositCents" | "bookableOnline">): string | null {
  return s.bookableOnline && s.depositCents ? `Señal de ${formatEuros(s.depositCents)} al reservar en la web` : null;
}

/** "60 min". */
export function serviceDurationText(s: Pick<MenuEntry, "durationMin">): string {
  return `${s.durationMin} min`;
}

/** The /reservar link that starts a booking with this service chosen. */
export function serviceBookingPath(id: string): string {
  return bookingStepHref({ serviceIds: [id] });
}

/** Euros with two decimals and a dot, as schema.org expects ("25.00"). */
const schemaPrice = (cents: number): string => (cents / 100).toFixed(2);

function offer(s: MenuEntry, url: string): Json {
  if (s.priceFrom) {
    return {
      "@type": "Offer",
      url,
      priceCurrency: "EUR",
      priceSpecification: { "@type": "PriceSpecification", minPrice: schemaPrice(s.priceCents), priceCurrency: "EUR" },
    };
  }
  return { "@type": "Offer", url, price: schemaPrice(s.priceCents), priceCurrency: "EUR" };
}

/**
 * The salon and its menu in one graph: each category an OfferCatalog of Service
 * nodes. A Catalan page passes its own address and the catalogue's name in Catalan.
 */
export function servicesJsonLd(
  groups: readonly MenuGroup[],
  origin: string,
  page: { path: string; catalogName: string } = {
    path: SERVICES_PATH,
    catalogName: `Servicios y precios de ${site.name}`,
  },
): { [key: string]: Json } {
  const { "@context": context, ...salon } = salonJsonLd(origin);
  const salonRef = { "@id": salon["@id"] };
  const pageUrl = absoluteUrl(origin, page.path);
  return {
    "@context": context,
    "@graph": [
      salon,
      {
        "@type": "OfferCatalog",
        "@id": `${pageUrl}#carta`,
        name: page.catalogName,
        url: pageUrl,
        provider: salonRef,
        itemListElement: groups.map((g) => ({
          "@type": "OfferCatalog",
          name: g.label,
          url: `${pageUrl}#${g.category}`,
          itemListElement: g.services.map((s) => ({
            "@type": "Service",
            name: s.name,
            description: s.description,
            serviceType: g.label,
            provider: salonRef,
            areaServed: site.address.locality,
            offers: offer(s, `${pageUrl}#servicio-${s.id}`),
          })),
        })),
      },
    ],
  };
}

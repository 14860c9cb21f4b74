// schema.org NailSalon description of the salon for the home page (rich results:
// address, map pin, opening hours, rating). Built only from site facts.
import { imageUrl } from "~/components/picture.tsx";
import { absoluteUrl } from "~/lib/seo.ts";
import { site } from "./site.ts";

/** `description` is the page's own, in its language (the Spanish one by default). */
export function salonJsonLd(origin: string, description: string = site.description) {
  const { address, geo, rating, social } = site;
  return {
    "@context": "https://schema.org",
    "@type": "NailSalon",
    "@id": absoluteUrl(origin, "/#salon"),
    name: site.name,
    description,
    url: absoluteUrl(origin, "/"),
    image: [absoluteUrl(origin, imageUrl("salon", 1280, "jpeg")), absoluteUrl(origin, imageUrl("hero", 1280, "jpeg"))],
    logo: absoluteUrl(origin, "/favicon.svg"),
    telephone: site.phone.e164,
    email: site.email,
    priceRange: "€€",
    currenciesAccepted: "EUR",
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.locality,
      addressRegion: address.region,
      addressCountry: address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: geo.latitude, longitude: geo.longitude },
    hasMap: site.maps.place,
    // Closed days are simply not listed (schema.org convention).
    openingHoursSpecification: site.hours.flatMap((h) =>
      h.opens && h.closes
        ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: [...h.schemaDays], opens: h.opens, closes: h.closes }]
        : [],
    ),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.value,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    sameAs: [social.instagram.url, social.facebook.url, social.threads.url],
  };
}

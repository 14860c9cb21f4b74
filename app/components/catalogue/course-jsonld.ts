// schema.org Course + Offer data for the course list and course pages.
import { imageUrl } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import type { Course, CourseEdition } from "~/domain/course.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { absoluteUrl } from "~/lib/seo.ts";
import { courseImageName } from "./course-bits.tsx";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

export function coursePath(id: string): string {
  return `/formaciones/${id}`;
}

function provider(origin: string): Json {
  return { "@type": "Organization", name: site.name, sameAs: absoluteUrl(origin, "/") };
}

function courseInstance(edition: CourseEdition, course: Course): Json {
  return {
    "@type": "CourseInstance",
    courseMode: "Onsite",
    startDate: edition.startsOn,
    endDate: edition.endsOn ?? undefined,
    location: {
      "@type": "Place",
      name: site.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        postalCode: site.address.postalCode,
        addressLocality: site.address.locality,
        addressRegion: site.address.region,
        addressCountry: site.address.country,
      },
    },
    maximumAttendeeCapacity: course.classSize,
    remainingAttendeeCapacity: edition.seatsLeft,
  };
}

/** One Course node; `editions` defaults to the next edition when known. */
function courseNode(
  course: Course,
  origin: string,
  editions?: CourseEdition[],
  locale: Locale = "es",
): { [key: string]: Json } {
  // A Catalan page's address; its texts are Spanish where the course has no Catalan ones yet.
  const url = absoluteUrl(origin, localHref(locale, coursePath(course.id)));
  const instances = editions ?? (course.nextEdition ? [course.nextEdition] : []);
  return {
    "@type": "Course",
    "@id": `${url}#curso`,
    name: course.title,
    description: course.description,
    url,
    image: absoluteUrl(origin, imageUrl(courseImageName(course.image))),
    inLanguage: course.untranslated ? "es" : locale,
    educationalLevel: course.level,
    timeRequired: course.duration,
    provider: provider(origin),
    // No aggregateRating: no review exists in the data yet, and search engines
    // must not be shown ratings nobody gave.
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: (course.priceCents / 100).toFixed(2),
      priceCurrency: "EUR",
      availability: instances.length > 0 ? "https://schema.org/InStock" : "https://schema.org/PreOrder",
      url,
    },
    hasCourseInstance: instances.map((e) => courseInstance(e, course)),
  };
}

export function courseListJsonLd(
  courses: Course[],
  origin: string,
  page: { locale: Locale; name: string } = { locale: "es", name: "Formaciones de uñas" },
): { [key: string]: Json } {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: page.name,
    itemListElement: courses.map((course, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: courseNode(course, origin, undefined, page.locale),
    })),
  };
}

export function coursePageJsonLd(
  course: Course,
  editions: CourseEdition[],
  origin: string,
  locale: Locale = "es",
): { [key: string]: Json } {
  return { "@context": "https://schema.org", ...courseNode(course, origin, editions, locale) };
}

import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import type { CalendarEvent } from "./ics.ts";

export interface CalendarItem {
  course_id: string;
  title: string;
  edition_starts_on: string | null;
  edition_ends_on: string | null;
}

/** One calendar event per booked edition of an order; the UID is stable per order and course. */
export function orderCalendarEvents(
  orderId: string,
  items: readonly CalendarItem[],
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): CalendarEvent[] {
  const t = serverTranslator(locale);
  const url = `${publicUrl}${localHref(locale, "/mis-cursos")}`;
  return items
    .filter((i) => i.edition_starts_on)
    .map((i) => ({
      uid: `${orderId}-${i.course_id}@alejandranails.es`,
      title: `${i.title} · ${site.name}`,
      startsOn: i.edition_starts_on!,
      endsOn: i.edition_ends_on,
      location: site.address.full,
      description: t("ics.order.description", { salon: site.name, url }),
      url,
    }));
}

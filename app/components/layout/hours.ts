/**
 * The salon's opening hours (facts in app/content/site.ts) as lines in the
 * page's language: "Lunes a viernes: 09:00 - 21:00", "Domingo: cerrado".
 * Any page that sends the "common" slice (every page: the root loader does) can use it.
 */
import { site } from "~/content/site.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** The words for each row of site.hours, by its schema.org days (facts stay in site.ts, words in the catalogue). */
const DAYS: Record<string, MessageKey> = {
  "Monday,Tuesday,Wednesday,Thursday,Friday": "common.hours.mondayToFriday",
  Saturday: "common.hours.saturday",
  Sunday: "common.hours.sunday",
};

export function localHoursLines(t: Translate): string[] {
  return site.hours.map((h) => {
    const key = DAYS[h.schemaDays.join(",")];
    // A row added to site.ts without its words here still shows, in Spanish, rather than vanish.
    const days = key ? t(key) : h.days;
    return h.opens
      ? t("common.hours.open", { days, opens: h.opens, closes: h.closes })
      : t("common.hours.closed", { days });
  });
}

/**
 * The salon's opening hours (facts in site.ts) as lines in a reader's language,
 * the one way they are written everywhere: the footer, the contact page, the
 * emails and the assistant. "Lunes a viernes: 09:00 - 21:00", "Domingo: cerrado"
 * ("De dilluns a divendres: 09:00 - 21:00", "Diumenge: tancat"). The words are
 * the "common" catalogue's, which every page sends (the root loader) and the
 * server's translator holds.
 */
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { site, type HoursId } from "./site.ts";

/** The words of each row of site.hours (a row added there needs its words here: the type says so). */
const DAYS = {
  weekdays: "common.hours.mondayToFriday",
  saturday: "common.hours.saturday",
  sunday: "common.hours.sunday",
} as const satisfies Record<HoursId, MessageKey>;

export function hoursLines(t: Translate): string[] {
  return site.hours.map((h) => {
    const days = t(DAYS[h.id]);
    return h.opens
      ? t("common.hours.open", { days, opens: h.opens, closes: h.closes })
      : t("common.hours.closed", { days });
  });
}

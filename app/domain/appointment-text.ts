/**
 * How an appointment reads in a sentence, the same on the pages and in the
 * emails (issue 15). Pure.
 */
import type { Locale } from "~/i18n/locales.ts";
import { formatDayLong, formatTime, wallClockOf } from "./salon-time.ts";

/** "Manicura semipermanente y Pedicura spa" (in Catalan, "… i …"). */
export function serviceNames(a: { services: readonly { name: string }[] }, locale: Locale = "es"): string {
  const names = a.services.map((s) => s.name);
  const [none, and] = locale === "ca" ? ["la teva cita", "i"] : ["tu cita", "y"];
  return names.length <= 1 ? (names[0] ?? none) : `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}

/** "viernes, 4 de diciembre, a las 10:30" ("divendres, 4 de desembre, a les 10:30"): the start inside a sentence. */
export function whenInWords(startsAt: string, locale: Locale = "es"): string {
  const { date, minutes } = wallClockOf(new Date(startsAt));
  return `${formatDayLong(date, locale)}, ${locale === "ca" ? "a les" : "a las"} ${formatTime(minutes)}`;
}

// Steps of /reservar (and /ca/reserva) shared by the booking, deposit and Catalan journey specs.
import type { Locator, Page } from "@playwright/test";
import { addDays, madridDate } from "../../app/domain/calendar-dates.ts";
import { formatDayLong, parseTime } from "../../app/domain/salon-time.ts";
import type { Locale } from "../../app/i18n/locales.ts";
import { expect } from "./fixtures.ts";

/** What the time step says, in each language (booking.days.from, booking.days.next, booking.times.heading). */
const STEP_WORDS: Record<Locale, { from: RegExp; next: string; timesOn: (day: string) => string }> = {
  es: {
    from: /Desde las \d{2}:\d{2}/,
    next: "Días siguientes →",
    timesOn: (day) => `Horas libres el ${formatDayLong(day)}`,
  },
  ca: {
    from: /Des de les \d{2}:\d{2}/,
    next: "Dies següents →",
    timesOn: (day) => `Hores lliures el ${formatDayLong(day, "ca")}`,
  },
};

/** The query of an address, without its #fragment. */
const queryOf = (href: string): URLSearchParams => new URL(href, "http://localhost").searchParams;

/** The path of the first link in an email that matches `pattern`. */
export const pathIn = (email: string, pattern: RegExp): string => {
  const link = pattern.exec(email)?.[0];
  expect(link, email.slice(0, 2000)).toBeTruthy();
  return new URL(link!).pathname;
};

/** The first day of the strip with free times at least two days ahead (beyond the 24 h window). */
export async function pickDay(page: Page, locale: Locale = "es"): Promise<Locator> {
  const words = STEP_WORDS[locale];
  const earliest = addDays(madridDate(), 2);
  for (let week = 0; week < 4; week++) {
    const links = page.locator(".booking__days li a");
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    const i = hrefs.findIndex((h) => (queryOf(h).get("dia") ?? "") >= earliest);
    if (i >= 0) {
      await expect(links.nth(i)).toContainText(words.from);
      return links.nth(i);
    }
    await page.getByRole("link", { name: words.next }).click();
    await expect(page).toHaveURL(/desde=/);
  }
  throw new Error("ningún día con horas libres en cuatro semanas");
}

/** The query of a link's address (the steps' links end in a #fragment: not part of it). */
const hrefQuery = async (link: Locator): Promise<URLSearchParams> => queryOf((await link.getAttribute("href"))!);

/** The day of a day link's address (its `dia`). */
export const dayOf = async (link: Locator): Promise<string> => (await hrefQuery(link)).get("dia")!;

/**
 * Clicks the day `pickDay` finds and waits until that day's times are on the
 * page: the times read before the new page arrives are the old page's.
 */
export async function openPickedDay(page: Page, locale: Locale = "es"): Promise<string> {
  const link = await pickDay(page, locale);
  const day = await dayOf(link);
  await link.click();
  // The times are scrolled into view (#horas-libres), not left a screen or two down (item 10).
  await expect(page.getByRole("heading", { name: STEP_WORDS[locale].timesOn(day) })).toBeInViewport();
  return day;
}

/** Day and Madrid minutes of a time link's address. */
export async function chosenTime(link: Locator): Promise<{ day: string; minutes: number }> {
  const q = await hrefQuery(link);
  return { day: q.get("dia")!, minutes: parseTime(q.get("hora")!)! };
}

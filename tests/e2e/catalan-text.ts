// What a Catalan page or text must not hold (issue 34): the words of the Spanish interface, for
// the Catalan journeys (catalan-journey.spec.ts) to check every page, email and file they meet.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Words of the Spanish interface that Catalan never uses (case as written): one of them in a
 * Catalan page or email is a text left untranslated. "Hola," is both languages'.
 */
const SPANISH_WORDS: readonly RegExp[] = [
  /\bGracias\b/,
  /\bpedidos?\b/i,
  /\bTu cita\b/,
  /\bConfirmar\b/,
  /\bcorreo\b/i,
  /\bfechas?\b/i,
  /\bdías\b/i,
  /\bhoras\b/i,
  /\bseñal\b/i,
  /\bnuestr[ao]s?\b/i,
  /\bcuenta\b/i,
  /\bHemos\b/,
  /\bElige\b/,
  /\bVer\b/,
  /\bprecio\b/i,
  /\bDónde\b/,
  /\bCuándo\b/,
  /\bcontraseña\b/i,
  /\bcarrito\b/i,
  /\bformación\b/i,
  /\bservicios?\b/i,
  /\bDocumento\b/,
  /\bConcepto\b/,
  /\bImporte\b/,
  /\bTengo\b/,
  /\ba las\b/,
];

/** The Spanish words found in a text, each with the line it is in (empty: none). */
export function spanishIn(text: string): string[] {
  const lines = text.split(/\r?\n/);
  return SPANISH_WORDS.flatMap((word) =>
    lines.filter((line) => word.test(line)).map((line) => `${word.source}: ${line.trim()}`),
  );
}

/**
 * What the person reads on the page now: its language, no Spanish word in it, and none of
 * `spanishNames` (the Spanish names of what she chose; checked softly, the journey goes on).
 */
export async function expectCatalanPage(page: Page, spanishNames: readonly RegExp[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ca");
  const text = await page.locator("body").innerText();
  expect(spanishIn(text), `Spanish on ${page.url()}`).toEqual([]);
  for (const name of spanishNames) expect.soft(text, `Spanish name on ${page.url()}`).not.toMatch(name);
}

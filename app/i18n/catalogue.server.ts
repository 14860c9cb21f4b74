/**
 * The catalogues (app/i18n/messages/<locale>.json: flat ICU messages, one file
 * per language, edited by a translator) and the slices loaders send. A key's
 * first segment is its namespace: "common" (the frame: header, footer, error
 * pages; sent by the root loader on every page), then one per page or domain.
 */
import { isLocale, type Locale } from "./locales.ts";
import ca from "./messages/ca.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import { translator, type MessageKey, type Messages, type Translate } from "./messages.ts";

const CATALOGUES: Record<Locale, Messages> = { es, ca };

const slices = new Map<string, Messages>();

/**
 * The messages of these namespaces in one language (kept: a slice is the same
 * for every request). A namespace's section ("auth.error") may be asked for alone.
 */
export function messagesFor(locale: Locale, namespaces: readonly string[]): Messages {
  const cacheKey = `${locale}:${namespaces.join(",")}`;
  let slice = slices.get(cacheKey);
  if (!slice) {
    const prefixes = namespaces.map((ns) => `${ns}.`);
    slice = Object.fromEntries(
      Object.entries(CATALOGUES[locale]).filter(([key]) => prefixes.some((p) => key.startsWith(p))),
    ) as Messages;
    slices.set(cacheKey, slice);
  }
  return slice;
}

/** A translate function over the whole catalogue of a language (emails, documents, meta on the server). */
export function serverTranslator(locale: Locale): Translate {
  return translator(locale, CATALOGUES[locale]);
}

/** Every key of a language's catalogue (the catalogue check). */
export function catalogueKeys(locale: Locale): MessageKey[] {
  return Object.keys(CATALOGUES[locale]) as MessageKey[];
}

/** The raw catalogue of a language (the catalogue check). */
export function catalogue(locale: string): Messages {
  if (!isLocale(locale)) throw new Error(`unknown locale ${locale}`);
  return CATALOGUES[locale];
}

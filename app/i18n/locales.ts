/**
 * The site's languages (issue 34): Spanish at today's URLs, Catalan under /ca/.
 * The language of a page is its URL's: no cookie, no Accept-Language redirect.
 * Pure, for the server and the browser alike.
 */
export const LOCALES = ["es", "ca"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";

/** The Catalan pages' prefix. */
export const CATALAN_PREFIX = "/ca";

/** What each language is called in itself (the switcher) and its Open Graph locale. */
export const LOCALE_INFO: Record<Locale, { name: string; ogLocale: string; bcp47: string }> = {
  es: { name: "Castellano", ogLocale: "es_ES", bcp47: "es-ES" },
  ca: { name: "Català", ogLocale: "ca_ES", bcp47: "ca-ES" },
};

export function isLocale(value: unknown): value is Locale {
  return value === "es" || value === "ca";
}

/** The language of a path: "/ca" and anything under "/ca/" is Catalan (a React Router ".data" request too). */
export function localeOfPath(pathname: string): Locale {
  return pathname === CATALAN_PREFIX ||
    pathname.startsWith(`${CATALAN_PREFIX}/`) ||
    pathname === `${CATALAN_PREFIX}.data` ||
    pathname.startsWith(`${CATALAN_PREFIX}.`)
    ? "ca"
    : "es";
}

/** The language of a request, by its URL. */
export function localeOfRequest(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** The other language (the switcher's target). */
export function otherLocale(locale: Locale): Locale {
  return locale === "es" ? "ca" : "es";
}

/**
 * Whether a browser's languages (navigator.languages, in order of preference)
 * put Catalan before Spanish: the first of the two that appears decides
 * ("ca-ES", "ca-ES-valencia" and "ca" are Catalan; "es-ES", "es" Spanish).
 * A list naming neither is no preference for Catalan.
 */
export function prefersCatalan(languages: readonly string[]): boolean {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/u)[0];
    if (primary === "ca") return true;
    if (primary === "es") return false;
  }
  return false;
}

/**
 * Reading a server-rendered page as a visitor and a crawler would, for the HTTP
 * tests of the pages in both languages (tests/integration/i18n-*.test.ts):
 * its text, its <main>, its title, canonical and hreflang alternates.
 */
import type { RunningServer } from "./server.ts";

/** The server's port from PORT_BASE, when a run confines each suite to its own port. */
export const portFromEnv = (): { PORT?: string } => (process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {});

/** GET a path of the server: its status and HTML. */
export function pageGetter(server: () => RunningServer) {
  return async (path: string): Promise<{ status: number; html: string }> => {
    const res = await fetch(`${server().url}${path}`);
    return { status: res.status, html: await res.text() };
  };
}

/** The `<link rel="alternate" hreflang>` tags of a page, as hreflang → absolute URL. */
export function alternateUrls(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const tag of html.match(/<link[^>]*rel="alternate"[^>]*>/gu) ?? []) {
    const lang = /hreflang="([^"]+)"/iu.exec(tag);
    const href = /href="([^"]+)"/u.exec(tag);
    if (lang && href) found[lang[1]!] = href[1]!;
  }
  return found;
}

/** The same, as hreflang → path. */
export function alternatePaths(html: string): Record<string, string> {
  return Object.fromEntries(Object.entries(alternateUrls(html)).map(([lang, url]) => [lang, new URL(url).pathname]));
}

export const canonicalUrl = (html: string) => /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/u.exec(html)?.[1];
export const titleOf = (html: string) => /<title>([^<]*)<\/title>/u.exec(html)?.[1];
export const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/u.exec(html)?.[1];

/** The HTML of the page's <main> (its own content: the header and footer are the frame's). */
export function mainOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}

/**
 * The text a visitor reads: scripts and styles dropped, each tag replaced by
 * `join` (" " by default; "" keeps words split by inline tags whole), the
 * entities a reader would see decoded, spaces collapsed.
 */
export function visibleText(html: string, join = " "): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gu, " ")
    .replace(/<style[\s\S]*?<\/style>/gu, " ")
    .replace(/<[^>]+>/gu, join)
    .replace(/&#x27;|&#39;/gu, "'")
    .replace(/&quot;/gu, '"')
    .replace(/&amp;/gu, "&")
    .replace(/\s+/gu, " ");
}

/** The visible text of <main>. */
export const mainText = (html: string, join = " ") => visibleText(mainOf(html), join);

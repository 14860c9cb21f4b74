// Entries of /sitemap.xml. Static public pages are listed here; areas with pages
// generated from data (course pages) add a provider to `sitemapProviders`.
import { courseSitemapEntries } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { CATALAN_PATHS, localizedPath, type SpanishPattern } from "~/i18n/paths.ts";
import { absoluteUrl } from "./seo.ts";

interface SitemapEntry {
  /** Site-absolute path, e.g. "/formaciones/expert-nails". */
  path: string;
  /** ISO date (YYYY-MM-DD) of the last meaningful change, when known. */
  lastmod?: string;
}

/** Public, indexable pages (cart, sign-in and account pages are deliberately left out). */
export const sitemapPaths: readonly string[] = [
  "/",
  "/servicios",
  "/equipo",
  "/formaciones",
  "/contacto",
  "/privacy",
  "/terms",
  "/aviso-legal",
  "/cookies",
];

type SitemapProvider = (db: Db) => Promise<SitemapEntry[]>;

/** Data-driven entries, e.g. the catalogue's course pages: add one line per provider. */
const sitemapProviders: SitemapProvider[] = [courseSitemapEntries];

export async function sitemapEntries(
  db: Db,
  providers: readonly SitemapProvider[] = sitemapProviders,
): Promise<SitemapEntry[]> {
  const extra = (await Promise.all(providers.map((provide) => provide(db)))).flat();
  const seen = new Set<string>();
  return [...sitemapPaths.map((path) => ({ path })), ...extra].filter((entry) => {
    if (seen.has(entry.path)) return false;
    seen.add(entry.path);
    return true;
  });
}

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

/**
 * The sitemap: every entry, and its Catalan version where it has one, each
 * naming both languages and the default (Google's hreflang in sitemaps).
 */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    const spanish = absoluteUrl(origin, entry.path);
    const catalanPath = localizedPath(entry.path, "ca");
    if (!catalanPath) return [`  <url><loc>${escapeXml(spanish)}</loc>${lastmod}</url>`];
    const catalan = absoluteUrl(origin, catalanPath);
    const alternates = [
      ["es", spanish],
      ["ca", catalan],
      ["x-default", spanish],
    ]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href!)}"/>`)
      .join("");
    return [spanish, catalan].map((loc) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Paths crawlers should skip: private, transactional or machine-only. */
const robotsDisallow: readonly string[] = [
  "/perfil",
  "/checkout",
  "/mis-cursos",
  "/success",
  "/cancel",
  "/pago-demo",
  "/api",
  "/gestion",
];

/** The same private paths at their Catalan addresses (the table's prefix of each). */
function catalanDisallow(): string[] {
  return robotsDisallow.flatMap((path) => {
    const ca = (Object.entries(CATALAN_PATHS) as [SpanishPattern, string][]).find(
      ([es]) => es === path || es.startsWith(`${path}/:`),
    );
    return ca ? [ca[1].replace(/\/:.*$/u, "")] : [];
  });
}

export function renderRobots(origin: string): string {
  const disallow = [...new Set([...robotsDisallow, ...catalanDisallow()])];
  const lines = ["User-agent: *", "Allow: /", ...disallow.map((path) => `Disallow: ${path}`), ""];
  lines.push(`Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`, "");
  return lines.join("\n");
}

// Entries of /sitemap.xml. Static public pages are listed here; areas with pages
// generated from data (course pages) add a provider to `sitemapProviders`.
import { courseSitemapEntries } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
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

export async function sitemapEntries(db: Db, providers: readonly SitemapProvider[] = sitemapProviders): Promise<SitemapEntry[]> {
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

export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
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

export function renderRobots(origin: string): string {
  const lines = ["User-agent: *", "Allow: /", ...robotsDisallow.map((path) => `Disallow: ${path}`), ""];
  lines.push(`Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`, "");
  return lines.join("\n");
}

// Title, description, canonical URL and Open Graph tags for every page (one shape
// everywhere so no page forgets its canonical or og:url).
import type { MetaDescriptor } from "react-router";
import { imageUrl } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import { LOCALE_INFO, type Locale } from "~/i18n/locales.ts";
import { localizedPath } from "~/i18n/paths.ts";

interface PageMetaInput {
  /** Page title; " · Alejandra Nails" is appended unless it already names the salon. */
  title: string;
  description: string;
  /** Site-absolute path of the page's Spanish URL, e.g. "/contacto" (the Catalan one is derived from it). */
  path: string;
  /** The page's language (its URL's); Spanish when not given. */
  locale?: Locale;
  /** Absolute origin from the root loader (`rootOrigin(matches)`), e.g. "https://www.alejandranails.es". */
  origin: string;
  /** Site-absolute image path or absolute URL for og:image; defaults to the social card. */
  image?: string;
  /** Open Graph type; "website" by default. */
  type?: "website" | "article" | "product";
  /** Keep the page out of search results (checkout, account pages). */
  noindex?: boolean;
}

/** Joins an origin and a path without doubling or missing the slash. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const base = origin.replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

export function fullTitle(title: string): string {
  return title.includes(site.name) ? title : `${title} · ${site.name}`;
}

export function pageMeta({
  title,
  description,
  path,
  origin,
  image,
  type = "website",
  noindex = false,
  locale = "es",
}: PageMetaInput): MetaDescriptor[] {
  const titleText = fullTitle(title);
  const catalan = localizedPath(path, "ca");
  const url = absoluteUrl(origin, locale === "ca" && catalan ? catalan : path);
  const imageAbsolute = absoluteUrl(origin, image ?? imageUrl("og-default"));
  const tags: MetaDescriptor[] = [
    { title: titleText },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: titleText },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { property: "og:image", content: imageAbsolute },
    { property: "og:locale", content: LOCALE_INFO[locale].ogLocale },
    { property: "og:site_name", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (catalan) {
    // Both languages name each other; Spanish is the default for any other language.
    tags.push(
      { tagName: "link", rel: "alternate", hrefLang: "es", href: absoluteUrl(origin, path) },
      { tagName: "link", rel: "alternate", hrefLang: "ca", href: absoluteUrl(origin, catalan) },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(origin, path) },
      { property: "og:locale:alternate", content: LOCALE_INFO[locale === "ca" ? "es" : "ca"].ogLocale },
    );
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The absolute origin the root loader computed from PUBLIC_URL (falls back to the public site). */
export function rootOrigin(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = root?.loaderData;
  if (data && typeof data === "object" && "origin" in data && typeof data.origin === "string") {
    return data.origin;
  }
  return site.url;
}

type JsonLdValue = string | number | boolean | null | JsonLdValue[] | { [key: string]: JsonLdValue | undefined };

/** A schema.org block rendered by <Meta/> as `<script type="application/ld+json">` (data, not script: CSP allows it). */
export function jsonLd(data: { [key: string]: JsonLdValue | undefined }): MetaDescriptor {
  return { "script:ld+json": data };
}

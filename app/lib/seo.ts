// Title, description, canonical URL and Open Graph tags for every page (one shape
// everywhere so no page forgets its canonical or og:url).
import type { MetaDescriptor } from "react-router";
import { imageUrl } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";

interface PageMetaInput {
  /** Page title; " · Alejandra Nails" is appended unless it already names the salon. */
  title: string;
  description: string;
  /** Site-absolute path of the canonical URL, e.g. "/contacto". */
  path: string;
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
}: PageMetaInput): MetaDescriptor[] {
  const titleText = fullTitle(title);
  const url = absoluteUrl(origin, path);
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
    { property: "og:locale", content: "es_ES" },
    { property: "og:site_name", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
  ];
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

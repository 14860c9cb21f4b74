/**
 * The sections of /perfil, each a child route with its own URL (in Catalan
 * under /ca/perfil, app/i18n/paths.ts). `legacyTab` is the `?tab=` value of the
 * links from before the split; /perfil and those links redirect to the
 * matching section, in the language of the address asked for.
 */
import { localeOfPath, type Locale } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { localHref, matchPage } from "~/i18n/paths.ts";

export const PROFILE_SECTIONS = [
  { slug: "datos", label: "account.profile.section.datos", legacyTab: "datos" },
  { slug: "citas", label: "account.profile.section.citas", legacyTab: "citas" },
  { slug: "cursos", label: "account.profile.section.cursos", legacyTab: "cursos" },
  { slug: "compras", label: "account.profile.section.compras", legacyTab: "compras" },
  { slug: "ajustes", label: "account.profile.section.ajustes", legacyTab: "configuracion" },
] as const satisfies readonly { slug: string; label: MessageKey; legacyTab: string }[];

type ProfileSection = (typeof PROFILE_SECTIONS)[number];
type ProfileSlug = ProfileSection["slug"];

/** A section's address in `locale` ("/perfil/ajustes", "/ca/perfil/configuracio"). */
export function profilePath(slug: ProfileSlug, locale: Locale = "es"): string {
  return localHref(locale, `/perfil/${slug}`);
}

/** The section a path shows (`/perfil/ajustes` or `/ca/perfil/configuracio` → Configuración), if any. */
export function sectionOfPath(pathname: string): ProfileSection | undefined {
  const page = matchPage(pathname)?.page;
  return PROFILE_SECTIONS.find((s) => page === `/perfil/${s.slug}`);
}

/**
 * Where /perfil[?tab=…] lands: the section named by `tab` (old or new name), else
 * "Datos personales", in the address's language. Other query parameters
 * (editar, guardado) come along.
 */
export function profileRedirectTarget(url: URL): string {
  const params = new URLSearchParams(url.search);
  const tab = params.get("tab");
  params.delete("tab");
  const section = PROFILE_SECTIONS.find((s) => s.legacyTab === tab || s.slug === tab) ?? PROFILE_SECTIONS[0];
  const query = params.toString();
  return `${profilePath(section.slug, localeOfPath(url.pathname))}${query ? `?${query}` : ""}`;
}

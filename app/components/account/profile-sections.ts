/**
 * The sections of /perfil, each a child route with its own URL. `legacyTab`
 * is the `?tab=` value of the links from before the split; /perfil and those
 * links redirect to the matching section.
 */
export const PROFILE_SECTIONS = [
  { slug: "datos", label: "Datos personales", legacyTab: "datos" },
  { slug: "citas", label: "Mis citas", legacyTab: "citas" },
  { slug: "cursos", label: "Mis cursos", legacyTab: "cursos" },
  { slug: "compras", label: "Historial de compras", legacyTab: "compras" },
  { slug: "ajustes", label: "Configuración", legacyTab: "configuracion" },
] as const;

type ProfileSection = (typeof PROFILE_SECTIONS)[number];
type ProfileSlug = ProfileSection["slug"];

export function profilePath(slug: ProfileSlug): string {
  return `/perfil/${slug}`;
}

/** The section a path shows (`/perfil/ajustes` → Configuración), if any. */
export function sectionOfPath(pathname: string): ProfileSection | undefined {
  return PROFILE_SECTIONS.find((s) => pathname === profilePath(s.slug) || pathname === `${profilePath(s.slug)}/`);
}

/**
 * Where /perfil[?tab=…] lands: the section named by `tab` (old or new name), else
 * "Datos personales". Other query parameters (editar, guardado) come along.
 */
export function profileRedirectTarget(url: URL): string {
  const params = new URLSearchParams(url.search);
  const tab = params.get("tab");
  params.delete("tab");
  const section = PROFILE_SECTIONS.find((s) => s.legacyTab === tab || s.slug === tab) ?? PROFILE_SECTIONS[0];
  const query = params.toString();
  return `${profilePath(section.slug)}${query ? `?${query}` : ""}`;
}

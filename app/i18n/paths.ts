/**
 * The Catalan address of every public page, chosen once, here (issue 34, item 1).
 * Spanish pages keep today's URLs; each Catalan page lives under /ca/ with a
 * Catalan slug. app/routes.ts registers the Catalan routes from this table, and
 * the switcher, the hreflang alternates and the sitemap translate addresses
 * through it, so a slug cannot differ between two of them.
 *
 * `CATALAN_READY` lists the pages whose Catalan version is complete: only those
 * get a /ca/ route, an alternate and a place in the sitemap, so no half-Spanish
 * page is ever offered as Catalan. Pages join it as their texts move into the
 * catalogues.
 */
import { localeOfPath, type Locale } from "./locales.ts";

/** Spanish route pattern → Catalan route pattern (React Router syntax: `:param`, `?` for optional). */
export const CATALAN_PATHS = {
  "/": "/ca",
  "/equipo": "/ca/equip",
  "/contacto": "/ca/contacte",
  "/servicios": "/ca/serveis",
  "/privacy": "/ca/privacitat",
  "/terms": "/ca/condicions",
  "/aviso-legal": "/ca/avis-legal",
  "/cookies": "/ca/galetes",
  "/reservar": "/ca/reserva",
  "/reservar/pendiente": "/ca/reserva/pendent",
  "/reservar/confirmar/:token": "/ca/reserva/confirmar/:token",
  "/cita/:token": "/ca/cita/:token",
  "/formaciones": "/ca/formacions",
  "/formaciones/:id": "/ca/formacions/:id",
  "/lista-espera/confirmar/:token": "/ca/llista-espera/confirmar/:token",
  "/baja/:token": "/ca/baixa/:token",
  "/carrito": "/ca/cistella",
  "/login": "/ca/inici-sessio",
  "/registro": "/ca/registre",
  "/forgot-password": "/ca/contrasenya-oblidada",
  "/restablecer-contrasena": "/ca/restablir-contrasenya",
  "/verificar-email": "/ca/verificar-correu",
  "/success": "/ca/compra-completada",
  "/cancel": "/ca/pagament-cancellat",
  "/pago-demo/:orderId": "/ca/pagament-demo/:orderId",
  "/perfil": "/ca/perfil",
  "/perfil/datos": "/ca/perfil/dades",
  "/perfil/citas": "/ca/perfil/cites",
  "/perfil/citas/:appointmentId": "/ca/perfil/cites/:appointmentId",
  "/perfil/cursos": "/ca/perfil/cursos",
  "/perfil/compras": "/ca/perfil/compres",
  "/perfil/ajustes": "/ca/perfil/configuracio",
  "/perfil/compras/:orderId/desistir": "/ca/perfil/compres/:orderId/desistiment",
  "/mis-cursos": "/ca/els-meus-cursos",
  "/checkout/:courseId?": "/ca/pagament/:courseId?",
} as const satisfies Record<string, string>;

export type SpanishPattern = keyof typeof CATALAN_PATHS;

/** The pages whose Catalan version is complete (see the module's comment). */
export const CATALAN_READY: ReadonlySet<SpanishPattern> = new Set<SpanishPattern>([
  "/",
  "/equipo",
  "/contacto",
  "/privacy",
  "/terms",
  "/aviso-legal",
  "/cookies",
  "/reservar",
  "/reservar/pendiente",
  "/reservar/confirmar/:token",
  "/cita/:token",
  "/login",
  "/registro",
  "/forgot-password",
  "/restablecer-contrasena",
  "/verificar-email",
  "/lista-espera/confirmar/:token",
  "/baja/:token",
  "/servicios",
  "/formaciones",
  "/formaciones/:id",
  "/carrito",
  "/checkout/:courseId?",
  "/success",
  "/cancel",
  "/pago-demo/:orderId",
  // The account area (app/routes.ts: /perfil is a layout page, its sections are its children).
  "/perfil",
  "/perfil/datos",
  "/perfil/citas",
  "/perfil/citas/:appointmentId",
  "/perfil/cursos",
  "/perfil/compras",
  "/perfil/ajustes",
  "/perfil/compras/:orderId/desistir",
  "/mis-cursos",
]);

interface Compiled {
  es: SpanishPattern;
  patterns: Record<Locale, string>;
  regex: Record<Locale, RegExp>;
  params: string[];
}

function toRegex(pattern: string): { regex: RegExp; params: string[] } {
  const params: string[] = [];
  const body = pattern
    .split("/")
    .slice(1)
    .map((segment) => {
      const m = /^:([A-Za-z]+)(\?)?$/u.exec(segment);
      if (!m) return `/${segment.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}`;
      params.push(m[1]!);
      return m[2] ? "(?:/([^/]+))?" : "/([^/]+)";
    })
    .join("");
  return { regex: new RegExp(`^${body || "/"}/?$`, "u"), params };
}

let compiledTable: Compiled[] | null = null;
function table(): Compiled[] {
  compiledTable ??= (Object.entries(CATALAN_PATHS) as [SpanishPattern, string][]).map(([es, ca]) => {
    const e = toRegex(es);
    const c = toRegex(ca);
    return { es, patterns: { es, ca }, regex: { es: e.regex, ca: c.regex }, params: e.params };
  });
  return compiledTable;
}

function build(pattern: string, values: (string | undefined)[]): string {
  let i = 0;
  const path = pattern
    .split("/")
    .slice(1)
    .flatMap((segment) => {
      if (!segment.startsWith(":")) return [segment];
      const v = values[i++];
      return v === undefined ? [] : [v];
    })
    .join("/");
  return `/${path}`;
}

/** The table's entry a pathname belongs to, and its parameters' values. */
export function matchPage(
  pathname: string,
): { page: SpanishPattern; locale: Locale; values: (string | undefined)[] } | null {
  const locale = localeOfPath(pathname);
  for (const entry of table()) {
    const m = entry.regex[locale].exec(pathname);
    if (m) return { page: entry.es, locale, values: m.slice(1) };
  }
  return null;
}

/**
 * The same page in `target` language, or null when there is none (a page
 * outside the table, or one whose Catalan version is not ready).
 */
export function localizedPath(pathname: string, target: Locale): string | null {
  const found = matchPage(pathname);
  if (!found || !CATALAN_READY.has(found.page)) return null;
  if (found.locale === target) return pathname;
  return build(target === "ca" ? CATALAN_PATHS[found.page] : found.page, found.values);
}

/** A Spanish route pattern's Catalan pattern (app/routes.ts). */
export function catalanPattern(spanish: SpanishPattern): string {
  return CATALAN_PATHS[spanish];
}

/**
 * Where a link to a Spanish page leads from a page in `locale`: its Catalan
 * address on a Catalan page (when that page is ready), else the Spanish one.
 * Keeps the query and the fragment.
 */
export function localHref(locale: Locale, spanishHref: string): string {
  if (locale === "es" || !spanishHref.startsWith("/")) return spanishHref;
  const cut = spanishHref.search(/[?#]/u);
  const pathname = cut < 0 ? spanishHref : spanishHref.slice(0, cut);
  const rest = cut < 0 ? "" : spanishHref.slice(cut);
  return (localizedPath(pathname, "ca") ?? pathname) + rest;
}

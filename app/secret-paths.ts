/**
 * Which parts of an address are secrets (issue 31, item 2), next to the route
 * table they describe. A path segment is a secret when it opens something on
 * its own, without a session: a link's token (activation, appointment,
 * booking confirmation) or an order id (a guest's deposit is opened, paid or
 * cancelled at /pago-demo/<order id>, so an order id is redacted wherever a
 * route carries one). One rule for every log line: `redactSecretPaths`
 * replaces each such segment with `[redacted]`, wherever it appears in the
 * text (the request log's url, an error's message or stack, a Referer).
 *
 * `secret-paths.test.ts` holds the list to app/routes.ts: the routes with a
 * secret parameter are exactly those listed, every parameter of the table is
 * classified, and no path of a route without a secret is touched.
 *
 * Pure and without imports: the logger, the request log and the e2e run's
 * log check (tests/e2e/global-teardown.ts) all use it.
 */

/** Route parameters whose value is a secret. */
export const SECRET_PARAMS = ["token", "orderId"] as const;

/** Route parameters that are not secrets (a slug, or an id only its owner or the staff can open). */
export const PLAIN_PARAMS = [
  "id",
  "courseId",
  "editionId",
  "invoiceId",
  "appointmentId",
  "serviceId",
  "professionalId",
  "productId",
  "saleId",
] as const;

/** Every route of app/routes.ts with a secret parameter. */
export const SECRET_ROUTE_PATTERNS = [
  "/reservar/confirmar/:token",
  "/cita/:token",
  "/cita/:token/calendario.ics",
  "/lista-espera/confirmar/:token",
  "/baja/:token",
  "/pago-demo/:orderId",
  "/perfil/compras/:orderId/desistir",
  "/api/pedidos/:orderId/calendario.ics",
  "/gestion/activar/:token",
  "/gestion/pedidos/:orderId",
  "/gestion/pedidos/:orderId/reembolsar",
  // The same pages in Catalan (app/i18n/paths.ts), those with a /ca/ route.
  "/ca/reserva/confirmar/:token",
  "/ca/cita/:token",
  "/ca/llista-espera/confirmar/:token",
  "/ca/baixa/:token",
  "/ca/pagament-demo/:orderId",
  "/ca/perfil/compres/:orderId/desistiment",
] as const;

/**
 * Routes whose last segment sits where a secret would (the router prefers a
 * named segment to a parameter): their name is not redacted.
 */
const NAMED_SIBLINGS = ["/perfil/compras/facturas", "/gestion/pedidos/exportar.csv"] as const;

export const REDACTED = "[redacted]";

/** What ends a path segment in a log line: the next segment, the query, the fragment, the end of a JSON string, a space. */
const END = String.raw`[/?#\s"'<>\\]`;
const SEGMENT = String.raw`[^/?#\s"'<>\\]`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One regular expression for every secret segment: the path up to it (group 1:
 * each distinct prefix before a secret parameter, any number of slashes between
 * segments, never a named sibling), then the segment itself (up to its end, or
 * to a `.data` suffix). Each match starts at a "/", so a line costs little
 * (a request's log line: well under a microsecond). Longer prefixes are tried
 * first, so a deeper route is never taken for a shallower one's parameter.
 */
function buildRule(): RegExp {
  const secret = new Set<string>(SECRET_PARAMS);
  const prefixes = new Map<string, number>();
  for (const pattern of SECRET_ROUTE_PATTERNS) {
    const segments = pattern.split("/").slice(1);
    const at = segments.findIndex((s) => s.startsWith(":") && secret.has(s.slice(1)));
    const before = segments.slice(0, at);
    const siblings = NAMED_SIBLINGS.filter((p) => p.split("/").slice(1, -1).join("/") === before.join("/")).map((p) =>
      escapeRegExp(p.split("/").at(-1)!),
    );
    const notSibling = siblings.length ? `(?!/+(?:${siblings.join("|")})(?:\\.data)?(?:${END}|$))` : "";
    const prefix = before.map((s) => (s.startsWith(":") ? `${SEGMENT}+` : escapeRegExp(s))).join("/+") + notSibling;
    prefixes.set(prefix, before.length);
  }
  const alternatives = [...prefixes].sort((a, b) => b[1] - a[1]).map(([prefix]) => prefix);
  return new RegExp(`(/+(?:${alternatives.join("|")})/+)${SEGMENT}+?(?=(?:\\.data)?(?:${END}|$))`, "gi");
}

const rule = buildRule();

/**
 * The text with every secret path segment replaced by `[redacted]`. It runs on
 * every log line: a line without a "/" (most lines that are not about a
 * request) cannot hold a path and is returned at once.
 */
export function redactSecretPaths(text: string): string {
  if (!text.includes("/")) return text;
  return text.replace(rule, (_, path: string) => path + REDACTED);
}

/** The secret path segments the text still holds (for the checks of a log). */
export function secretPathLeaks(text: string): string[] {
  return [...text.matchAll(rule)].map((m) => m[0].slice(m[1]!.length)).filter((s) => s !== REDACTED);
}

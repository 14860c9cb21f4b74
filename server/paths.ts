/**
 * Whether a request's path is `prefix` itself or below it ("/gestion",
 * "/gestion/pedidos", not "/gestionar"). React Router's data requests count as
 * the page they carry: "/perfil.data" is "/perfil".
 */
export function isUnderPath(pathname: string, prefix: string): boolean {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path === prefix || path.startsWith(`${prefix}/`);
}

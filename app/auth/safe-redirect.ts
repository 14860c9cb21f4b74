/**
 * The one gate every redirect target passes through: only same-site absolute
 * paths ("/perfil/cursos?x=1") are followed; anything that a browser could read
 * as another origin ("//evil", "/\evil", "https:…", "javascript:…") or that
 * hides control characters falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to === "") return fallback;
  // Control characters (tab, newline…) are stripped by URL parsers and can turn "/\t/evil" into "//evil".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F]/.test(to)) return fallback;
  if (!to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Resolve against a dummy origin: if the result leaves it, the input named another host.
  try {
    const url = new URL(to, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * Scripts after the first paint. React Router writes a modulepreload link for
 * every script of the page into <head> and imports the route modules statically
 * from its inline module script, so on a phone ~110 KB of JavaScript share the
 * link with the document, the fonts and the first image before anything is
 * painted. This rewrite (on the server, before the CSP hash is taken) drops those
 * links and makes the inline script wait for the first frame before it imports
 * the same modules, in the same order, with the same names; hydration then
 * starts one frame later. Leaves any other HTML as it is.
 */
const MODULEPRELOAD = /<link rel="modulepreload" href="\/assets\/[^"]+"(?: nonce="[^"]*")?\/>/g;
const ROUTE_SCRIPT = /(<script\b[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^import \* as (route\d+) from ("\/assets\/[^"]+");\n/gm;

export function deferHydration(html: string): string {
  const script = ROUTE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script;
  const names: string[] = [];
  const urls: string[] = [];
  const rest = body.replace(STATIC_IMPORT, (_m, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  if (names.length === 0 || !rest.includes("window.__reactRouterRouteModules")) return html;
  const deferred =
    `await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));\n` +
    `const [${names.join(", ")}] = await Promise.all([${urls.map((u) => `import(${u})`).join(", ")}]);\n` +
    rest;
  return (html.slice(0, script.index) + open + deferred + close + html.slice(script.index + whole.length)).replace(
    MODULEPRELOAD,
    "",
  );
}

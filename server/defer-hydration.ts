/**
 * Scripts after the page has loaded. React Router writes a modulepreload link for
 * every script of the page into <head> and imports the route modules statically
 * from its inline module script, so on a phone ~110 KB of JavaScript share the
 * link with the document, the fonts and the first image before anything is
 * painted. This rewrite (on the server, before the CSP hash is taken) drops those
 * links and makes the inline script wait for the page's load event (the
 * document, its stylesheet, fonts and eager images: the first view) and for that
 * view to be on screen (WAIT_FOR_FIRST_VIEW) before it imports the same modules,
 * in the same order, with the same names. On a slow link the largest image no longer shares the bandwidth with
 * the framework, and Lighthouse's simulation stops counting the scripts in the
 * first view's critical path depending on which one the browser started first
 * (LCP of the same page swung 1.6 → 2.4 s between runs). Until hydration,
 * links and forms work as plain HTML; a page whose load hangs (a stalled image)
 * hydrates anyway after HYDRATION_CAP_MS. Leaves any other HTML as it is.
 */
export const HYDRATION_CAP_MS = 2500;

/**
 * A tap before hydration is not lost (issue 16a). The first pointerdown,
 * touchstart or keydown starts hydration at once instead of waiting for the
 * first view. Links, forms, `<details>` and popover buttons (the menus) work
 * natively before that; a click on any other button, which does nothing until
 * React listens, is held (the last one) and clicked again once the page has
 * hydrated (the root sets `data-hydrated`). React attaches its listeners when the
 * entry module runs `hydrateRoot`: a click from then on is React's to handle (it
 * hydrates the target first), so nothing is held any more and nothing fires twice.
 */
export const REPLAYED_BUTTONS = 'button[type="button"]:not([popovertarget]):not([commandfor])';
export const INTERACTIONS = ["pointerdown", "touchstart", "keydown"] as const;

const HOLD_EARLY_CLICKS =
  `let held = null, live = false; ` +
  `const hold = (e) => { const button = live ? null : e.target?.closest?.(${JSON.stringify(REPLAYED_BUTTONS)}); if (button) held = button; }; ` +
  `addEventListener("click", hold, true);\n`;

const START_ON_INTERACTION = `for (const type of ${JSON.stringify(INTERACTIONS)}) addEventListener(type, () => r(), { capture: true, once: true, passive: true }); `;

/** After the entry module has run (React listens now): the held click, once hydrated. */
const replayHeldClick = (entry: string) =>
  `await import(${entry});\n` +
  `live = true; removeEventListener("click", hold, true);\n` +
  `if (held) { const root = document.documentElement; ` +
  `const replay = () => { if (!root.dataset.hydrated) return false; watcher.disconnect(); if (held.isConnected) held.click(); return true; }; ` +
  `const watcher = new MutationObserver(replay); if (!replay()) watcher.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] }); }`;

/**
 * Resolves `r` once the page has loaded and a frame with its largest content has
 * been presented (the browser reports a largest-contentful-paint entry only
 * after presenting it; where that entry type is missing, the first-contentful-
 * paint entry; where neither is, at once), or after the cap. On a slow machine
 * the first frame is presented well after the load event: fetching scripts at
 * the load event still raced the first paint (Lighthouse counted them in the
 * first view in one run of three).
 */
const WAIT_FOR_FIRST_VIEW =
  `let loaded = document.readyState === "complete", painted = false; ` +
  `const go = () => loaded && painted && setTimeout(r); setTimeout(r, ${HYDRATION_CAP_MS}); ` +
  `if (!loaded) addEventListener("load", () => { loaded = true; go(); }, { once: true }); ` +
  `const types = (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes) || []; ` +
  `const type = ["largest-contentful-paint", "paint"].find((t) => types.includes(t)); ` +
  `if (type) new PerformanceObserver((list, observer) => { observer.disconnect(); painted = true; go(); }).observe({ type, buffered: true }); ` +
  `else painted = true; go();`;

const MODULEPRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+)"(?: nonce="[^"]*")?\/>/g;
const ROUTE_SCRIPT = /(<script\b[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^import \* as (route\d+) from ("\/assets\/[^"]+");\n/gm;
const ENTRY_IMPORT = /^import\(("\/assets\/[^"]+")\);$/m;
const NONCE = /\snonce="([^"]*)"/;

/**
 * After the wait, every module the page needs is fetched at once (the modulepreload
 * links React Router wrote, added back now), and the chunks the route modules share
 * (the framework, the layout group) are evaluated one per task, in React Router's
 * order, before the route modules. Importing a route module first evaluated the
 * whole graph (React, React Router, the layout group, the route) in one task of
 * 23–28 ms on this machine, which Lighthouse's 4× CPU simulation counted as one
 * long task after the first paint; React and React Router are two chunks for this
 * (vite.config.ts). A chunk evaluated early is not evaluated again: the route
 * modules' imports only link to it. On a page about one visitor the links carry
 * the script's nonce: under 'strict-dynamic', 'self' does not count.
 */
const stagedImports = (preloads: string[], shared: string[], nonce: string | undefined) =>
  `const links = ${JSON.stringify(preloads)}.map((href) => { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; ${nonce === undefined ? "" : `link.nonce = ${JSON.stringify(nonce)}; `}document.head.append(link); return link; });\n` +
  `await Promise.all(links.map((link) => new Promise((done) => { link.onload = link.onerror = done; })));\n` +
  `for (const chunk of ${JSON.stringify(shared)}) { await import(chunk); await new Promise((r) => setTimeout(r)); }\n`;

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
  // One pass over the document before the script (React hoists the links into <head>):
  // each link is collected and dropped.
  const preloads: string[] = [];
  const before = html.slice(0, script.index).replace(MODULEPRELOAD, (_link, href: string) => {
    preloads.push(href);
    return "";
  });
  const entry = ENTRY_IMPORT.exec(rest)?.[1];
  const own = new Set([...urls, entry].filter((u) => u !== undefined).map((u) => JSON.parse(u) as string));
  const deferred =
    HOLD_EARLY_CLICKS +
    `await new Promise((r) => { ${START_ON_INTERACTION}${WAIT_FOR_FIRST_VIEW} });\n` +
    stagedImports(
      preloads,
      preloads.filter((u) => !own.has(u)),
      NONCE.exec(open)?.[1],
    ) +
    `const [${names.join(", ")}] = await Promise.all([${urls.map((u) => `import(${u})`).join(", ")}]);\n` +
    (entry === undefined ? rest : rest.replace(ENTRY_IMPORT, () => replayHeldClick(entry)));
  return before + open + deferred + close + html.slice(script.index + whole.length);
}

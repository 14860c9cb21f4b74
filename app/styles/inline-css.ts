// The whole stylesheet (app.css and its @imports, minified by Vite) as text, for
// the server render only: root.tsx inlines it in <head> so the first paint waits
// for no stylesheet request (Lighthouse mobile: render-blocking CSS was most of
// the LCP). The client bundle gets "" — Vite folds import.meta.env.SSR to false
// and drops the dynamic import, so the CSS is not shipped twice; on hydration
// React adopts the server's <style data-href> without reading its text.
export const appCss: string = import.meta.env.SSR ? (await import("./app.css?inline")).default : "";

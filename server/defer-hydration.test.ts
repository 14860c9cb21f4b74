import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.ts";

const page = (nonce = "") =>
  `<html><head><style>x</style><link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root-B.js"${nonce}/><link rel="icon" href="/favicon.svg"/></head><body><main>Hola</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/home-C.js";\n` +
  `  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n` +
  `  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  it("drops the modulepreload links and imports the same route modules, in order, after the first frame", () => {
    const out = deferHydration(page());
    expect(out).not.toContain("modulepreload");
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(script).not.toMatch(/^import \* as/m);
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("import("));
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/home-C.js")]);');
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script).toContain('import("/assets/entry.client-A.js");');
  });

  it("keeps a nonce on the script of a page about one visitor", () => {
    const out = deferHydration(page(' nonce="abc"'));
    expect(out).toContain('<script nonce="abc" type="module" async="">');
    expect(out).not.toContain("modulepreload");
  });

  it("leaves a document without React Router's module script untouched", () => {
    const html = `<html><head><link rel="modulepreload" href="/assets/x.js"/></head><body><script type="module">import "/assets/x.js";</script></body></html>`;
    expect(deferHydration(html)).toBe(html);
    expect(deferHydration("<p>404</p>")).toBe("<p>404</p>");
  });
});

import { describe, expect, it } from "vitest";
import { deferHydration, HYDRATION_CAP_MS } from "./defer-hydration.ts";

const page = (nonce = "") =>
  `<html><head><style>x</style><link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework-F.js"${nonce}/><link rel="modulepreload" href="/assets/root-B.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/layout-L.js"${nonce}/><link rel="modulepreload" href="/assets/home-C.js"${nonce}/>` +
  `<link rel="icon" href="/favicon.svg"/></head><body><main>Hola</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/home-C.js";\n` +
  `  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n` +
  `  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  it("drops the modulepreload links and imports the same route modules, in order, after the page's load event", () => {
    const out = deferHydration(page());
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(script).not.toMatch(/^import \* as/m);
    expect(script.indexOf('addEventListener("load"')).toBeLessThan(script.indexOf("import("));
    expect(script).toContain(`setTimeout(r, ${HYDRATION_CAP_MS})`);
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/home-C.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script).toContain('import("/assets/entry.client-A.js");');
  });

  it("keeps a nonce on the script of a page about one visitor", () => {
    const out = deferHydration(page(' nonce="abc"'));
    expect(out).toContain('<script nonce="abc" type="module" async="">');
    expect(out).not.toContain('<link rel="modulepreload"');
    // The links the script adds back carry it too: under 'strict-dynamic' 'self' does not count.
    expect(out).toContain('link.nonce = "abc";');
    expect(deferHydration(page())).not.toContain("link.nonce");
  });

  it("leaves a document without React Router's module script untouched", () => {
    const html = `<html><head><link rel="modulepreload" href="/assets/x.js"/></head><body><script type="module">import "/assets/x.js";</script></body></html>`;
    expect(deferHydration(html)).toBe(html);
    expect(deferHydration("<p>404</p>")).toBe("<p>404</p>");
  });

  describe("in the browser", () => {
    // The rewritten module script run with a stand-in window: import() recorded; the load
    // event, the paint entry and the cap fired by hand.
    function runScript(
      readyState: "loading" | "complete",
      entryTypes: string[] = ["largest-contentful-paint", "paint"],
    ) {
      const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferHydration(page()))![1];
      const imported: string[] = [];
      /** What the script did after the wait, in order: modulepreload links added, imports, new tasks. */
      const steps: string[] = [];
      const onLoad: (() => void)[] = [];
      const capped: (() => void)[] = [];
      const observed: string[] = [];
      const painted: (() => void)[] = [];
      class PerformanceObserver {
        static supportedEntryTypes = entryTypes;
        constructor(private callback: (list: unknown, observer: PerformanceObserver) => void) {}
        observe({ type }: { type: string }) {
          observed.push(type);
          painted.push(() => this.callback({}, this));
        }
        disconnect() {}
      }
      const env = {
        document: {
          readyState,
          createElement: (tag: string) => ({ tag, rel: "", href: "", onload: null as null | (() => void) }),
          head: {
            append(link: { tag: string; rel: string; href: string; onload: null | (() => void) }) {
              steps.push(`<${link.tag} rel=${link.rel} href=${link.href}>`);
              setTimeout(() => link.onload?.(), 0); // the fetch completes later
            },
          },
        },
        window: {} as Record<string, unknown>,
        PerformanceObserver,
        addEventListener: (type: string, fn: () => void) => type === "load" && onLoad.push(fn),
        setTimeout: (fn: () => void, ms?: number) => {
          if (ms === HYDRATION_CAP_MS) return capped.push(fn);
          if (imported.length > 0) steps.push("new task");
          return setTimeout(fn, 0);
        },
        __import: async (url: string) => {
          imported.push(url);
          steps.push(`import ${url}`);
          return { url };
        },
      };
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
        ...args: string[]
      ) => (...a: unknown[]) => Promise<void>;
      const done = new AsyncFunction(...Object.keys(env), script.replaceAll("import(", "__import("))(
        ...Object.values(env),
      );
      const fire = (list: (() => void)[]) => list.forEach((fn) => fn());
      return {
        done,
        imported,
        observed,
        load: () => fire(onLoad),
        paint: () => fire(painted),
        cap: () => fire(capped),
        window: env.window,
        steps,
      };
    }
    const tick = () => new Promise((r) => setTimeout(r, 5));
    // The shared chunks first (in React Router's order), then the route modules and the entry as before.
    const all = [
      "/assets/framework-F.js",
      "/assets/layout-L.js",
      "/assets/root-B.js",
      "/assets/home-C.js",
      "/assets/entry.client-A.js",
    ];
    /** After each step but the last nothing is imported yet; after the last, every module in order. */
    async function expectImportsAfter(run: ReturnType<typeof runScript>, steps: (() => void)[]) {
      for (const step of steps.slice(0, -1)) {
        step();
        await tick();
        expect(run.imported).toEqual([]);
      }
      steps.at(-1)!();
      await run.done;
      expect(run.imported).toEqual(all);
    }
    const nothing = () => {};

    it("imports nothing until the page has loaded and its largest content is on screen, then everything", async () => {
      const run = runScript("loading");
      expect(run.observed).toEqual(["largest-contentful-paint"]);
      await expectImportsAfter(run, [run.load, run.paint]);
      expect(run.window.__reactRouterRouteModules).toEqual({
        root: { url: "/assets/root-B.js" },
        "routes/home": { url: "/assets/home-C.js" },
      });

      const paintedFirst = runScript("loading");
      await expectImportsAfter(paintedFirst, [paintedFirst.paint, paintedFirst.load]);
    });

    it("fetches every module at once, then evaluates the shared chunks one per task before the route modules", async () => {
      const run = runScript("complete");
      await expectImportsAfter(run, [run.paint]);
      const preload = (href: string) => `<link rel=modulepreload href=/assets/${href}>`;
      expect(run.steps).toEqual([
        ...["entry.client-A.js", "framework-F.js", "root-B.js", "layout-L.js", "home-C.js"].map(preload),
        "import /assets/framework-F.js",
        "new task",
        "import /assets/layout-L.js",
        "new task",
        "import /assets/root-B.js",
        "import /assets/home-C.js",
        "import /assets/entry.client-A.js",
      ]);
    });

    it("falls back to the first paint entry, or to the load event alone, where the browser lacks the entry type", async () => {
      const paintOnly = runScript("complete", ["paint"]);
      expect(paintOnly.observed).toEqual(["paint"]);
      await expectImportsAfter(paintOnly, [nothing, paintOnly.paint]);

      const none = runScript("loading", []);
      await expectImportsAfter(none, [nothing, none.load]);
    });

    it("hydrates after the cap when the page never finishes loading", async () => {
      const stalled = runScript("loading");
      await expectImportsAfter(stalled, [stalled.paint, stalled.cap]);
    });
  });
});

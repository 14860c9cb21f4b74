import { describe, expect, it } from "vitest";
import { deferHydration, HYDRATION_CAP_MS, INTERACTIONS, REPLAYED_BUTTONS } from "./defer-hydration.ts";

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
      /** Capture listeners by event type (the click holder, the interactions that start hydration). */
      const listeners = new Map<string, ((event: unknown) => void)[]>();
      const root = { dataset: {} as Record<string, string> };
      const watchers: (() => void)[] = [];
      class MutationObserver {
        constructor(private callback: () => void) {}
        observe(target: unknown, options: { attributeFilter: string[] }) {
          expect([target, options.attributeFilter]).toEqual([root, ["data-hydrated"]]);
          watchers.push(() => this.callback());
        }
        disconnect() {
          watchers.length = 0;
        }
      }
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
          documentElement: root,
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
        MutationObserver,
        addEventListener: (type: string, fn: (event: unknown) => void, options?: unknown) => {
          if (type === "load") return onLoad.push(fn as () => void);
          expect(options === true || (options as { capture?: boolean }).capture).toBe(true);
          listeners.set(type, [...(listeners.get(type) ?? []), fn]);
        },
        removeEventListener: (type: string, fn: (event: unknown) => void) =>
          listeners.set(
            type,
            (listeners.get(type) ?? []).filter((f) => f !== fn),
          ),
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
        /** Dispatches `type` to the page's capture listeners, with `target` as the event's target. */
        dispatch: (type: string, target: unknown = {}) => (listeners.get(type) ?? []).forEach((fn) => fn({ target })),
        /** The root effect marks the document hydrated. */
        hydrate: () => {
          root.dataset.hydrated = "true";
          [...watchers].forEach((fn) => fn());
        },
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

    it("starts hydrating at the first tap or key press, before the page has loaded", async () => {
      for (const type of INTERACTIONS) {
        const run = runScript("loading");
        await expectImportsAfter(run, [run.load, () => run.dispatch(type)]);
      }
    });

    /** A stand-in element whose closest() finds a button matching `selector` (or nothing). */
    function element(matches: boolean) {
      const clicks: string[] = [];
      const button = { isConnected: true, click: () => clicks.push("click") };
      const target = {
        closest: (selector: string) => (matches && selector === REPLAYED_BUTTONS ? button : null),
      };
      return { target, button, clicks };
    }

    it("clicks a button tapped before React listened again once the page has hydrated, and only once", async () => {
      const run = runScript("loading");
      const early = element(true);
      const link = element(false);
      run.dispatch("click", early.target);
      // A later tap on something with a native behaviour (a link, a form, a popover button) does not replace it.
      run.dispatch("click", link.target);
      run.dispatch("pointerdown");
      await run.done;
      expect(run.imported).toEqual(all);
      // React listens now: its own clicks are not held.
      const late = element(true);
      run.dispatch("click", late.target);
      await tick();
      expect(early.clicks).toEqual([]);
      run.hydrate();
      expect(early.clicks).toEqual(["click"]);
      run.hydrate();
      expect([early.clicks, late.clicks, link.clicks]).toEqual([["click"], [], []]);
    });

    it("replays nothing without an early tap, nor onto a button hydration replaced", async () => {
      const quiet = runScript("complete");
      await expectImportsAfter(quiet, [quiet.paint]);
      quiet.hydrate();

      const run = runScript("complete");
      const early = element(true);
      run.dispatch("click", early.target);
      run.paint();
      await run.done;
      early.button.isConnected = false;
      run.hydrate();
      expect(early.clicks).toEqual([]);
    });

    it("hydrates after the cap when the page never finishes loading", async () => {
      const stalled = runScript("loading");
      await expectImportsAfter(stalled, [stalled.paint, stalled.cap]);
    });
  });
});

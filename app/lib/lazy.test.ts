import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lazy } from "./lazy.ts";

describe("lazy", () => {
  it("makes the value on the first call only, and returns that same value after", () => {
    let made = 0;
    const get = lazy(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(made).toBe(1);
  });

  it("keeps a value that is undefined without making it again", () => {
    let made = 0;
    const get = lazy(() => {
      made++;
      return undefined;
    });
    get();
    get();
    expect(made).toBe(1);
  });
});

describe("modules the browser can load", () => {
  const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const files = readdirSync(app, { recursive: true, encoding: "utf8" }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f),
  );

  it("build no Intl object while they are evaluated (a formatter is made lazily, on first use)", () => {
    // A statement at column 0 that makes an Intl object or asks a locale format runs when
    // the module is evaluated: in the browser, ICU's first load then lands in that task.
    const eager = /^(?:export )?(?:const|let|var) [^=]+=\s*(?:new Intl\.|[^;]*\.toLocale\w*\()/m;
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => eager.test(readFileSync(path.join(app, f), "utf8")))).toEqual([]);
  });
});

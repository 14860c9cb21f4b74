// The import-cycle check (`npm run check:cycles`): which declarations make an edge, how
// specifiers resolve, that it finds circles and names one, and that the repository has none.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { circleThrough, importGraph, importKnots, repositoryFiles, specifiersOf } from "./check-import-cycles.ts";

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A throwaway repository with these files (path → text). */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "cycles-"));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

function knotsOf(root: string): string[][] {
  const graph = importGraph(root, repositoryFiles(root));
  return importKnots(graph).map((knot) => knot.map((f) => path.relative(root, f)).sort());
}

describe("check-import-cycles", () => {
  it("counts static imports and re-exports, type-only ones too, but not import()", () => {
    const text = [
      `import a from "./a.ts";`,
      `import type { B } from "./b.ts";`,
      `import "./c.ts";`,
      `export { d } from "./d.ts";`,
      `export * from "./e.ts";`,
      `const lazy = () => import("./f.ts");`,
    ].join("\n");
    expect(specifiersOf("x.ts", text)).toEqual(["./a.ts", "./b.ts", "./c.ts", "./d.ts", "./e.ts"]);
  });

  it("finds a circle across app/, scripts/ and tests/, through `~/`, extensionless and index paths", () => {
    const root = repo({
      "app/x/index.ts": `import { s } from "../../scripts/s.ts";`,
      "scripts/s.ts": `import type { T } from "../tests/t";`,
      "tests/t.ts": `export { x } from "~/x";`,
      "app/leaf.ts": `import "react"; import "./+types/leaf";`,
    });
    expect(knotsOf(root)).toEqual([["app/x/index.ts", "scripts/s.ts", "tests/t.ts"]]);
  });

  it("reads the top-level files but not other folders, and skips declaration files", () => {
    const root = repo({
      "server.ts": `import "./app/a.ts";`,
      "app/a.ts": `import "../server.ts";`,
      "docs/d.ts": `import "./e.ts";`,
      "docs/e.ts": `import "./d.ts";`,
      "scripts/f.d.ts": `import "./f.d.ts";`,
    });
    expect(knotsOf(root)).toEqual([["app/a.ts", "server.ts"]]);
  });

  it("names the shortest circle through a module of a knot, and a module importing itself", () => {
    const root = repo({
      "app/a.ts": `import "./b.ts"; import "./c.ts";`,
      "app/b.ts": `import "./c.ts";`,
      "app/c.ts": `import "./a.ts";`,
      "app/self.ts": `import "./self.ts";`,
    });
    const graph = importGraph(root, repositoryFiles(root));
    const a = path.join(root, "app/a.ts");
    const knot = importKnots(graph).find((k) => k.includes(a))!;
    expect(circleThrough(graph, a, new Set(knot)).map((f) => path.relative(root, f))).toEqual([
      "app/a.ts",
      "app/c.ts",
      "app/a.ts",
    ]);
    expect(knotsOf(root)).toContainEqual(["app/self.ts"]);
  });

  it("finds no circle in this repository", () => {
    const root = path.resolve(import.meta.dirname, "..");
    expect(knotsOf(root)).toEqual([]);
  });
});

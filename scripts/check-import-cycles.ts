// Fails (exit 1) when the modules of app/ and server/ import each other in a circle.
// Edges are the static `import … from`, `import "…"` and `export … from` declarations,
// type-only ones included: a type import still ties two modules' designs together
// (the root ↔ layout circle went through a type). Dynamic `import()` is not an edge:
// it is how start-up code loads integrations lazily.
// Specifiers resolve `~/` to app/ and relative paths to the importing file; packages
// and generated route types (./+types/…) are outside the graph.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const scanned = ["app", "server"].map((dir) => path.join(root, dir));
const appDir = path.join(root, "app");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function specifiersOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

function resolve(from: string, specifier: string, known: Set<string>): string | null {
  const bare = specifier.replace(/[?#].*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = path.join(appDir, bare.slice(2));
  else if (bare.startsWith(".")) base = path.resolve(path.dirname(from), bare);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((c) => known.has(c) && existsSync(c)) ?? null;
}

const files = scanned.filter((dir) => existsSync(dir)).flatMap(sourceFiles);
const known = new Set(files);
const graph = new Map<string, string[]>();
for (const file of files) {
  const targets = specifiersOf(file)
    .map((s) => resolve(file, s, known))
    .filter((t): t is string => t !== null);
  graph.set(file, [...new Set(targets)]);
}

/** Tarjan's strongly connected components: every cycle lies inside one. */
function stronglyConnected(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** One concrete circle through `start`, staying inside its component (breadth-first: the shortest). */
function circleThrough(start: string, members: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const rel = (file: string) => path.relative(root, file);
const cycles = stronglyConnected().filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]));

if (cycles.length === 0) {
  console.log(`check-import-cycles: ${files.length} modules in app/ and server/, 0 cycles`);
} else {
  console.error(`check-import-cycles: ${cycles.length} import cycle(s) in app/ and server/:`);
  for (const component of cycles) {
    const members = new Set(component);
    const first = [...component].sort()[0];
    console.error(`\n  ${circleThrough(first, members).map(rel).join("\n    → ")}`);
    if (component.length > 2) console.error(`  (modules in this knot: ${component.map(rel).sort().join(", ")})`);
  }
  process.exitCode = 1;
}

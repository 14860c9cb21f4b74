// Fails (exit 1) when modules of the repository import each other in a circle: app/,
// server/, scripts/, tests/ and the source files at the top (server.ts, the configs).
// Edges are the static `import … from`, `import "…"` and `export … from` declarations,
// type-only ones included: a type import still ties two modules' designs together
// (the root ↔ layout circle went through a type). Dynamic `import()` is not an edge:
// it is how start-up code loads integrations lazily.
// Specifiers resolve `~/` to app/ and relative paths to the importing file; packages
// and generated route types (./+types/…) are outside the graph.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The folders walked (recursively); the repository's top level is read too, not recursively. */
const SCANNED_DIRS = ["app", "server", "scripts", "tests"];

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const isSource = (name: string) => SOURCE.test(name) && !/\.d\.[cm]?ts$/.test(name);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (isSource(name)) out.push(full);
  }
  return out;
}

/** Every module the check reads under `root`. */
export function repositoryFiles(root: string): string[] {
  const top = readdirSync(root)
    .map((name) => path.join(root, name))
    .filter((full) => isSource(full) && statSync(full).isFile());
  const nested = SCANNED_DIRS.map((dir) => path.join(root, dir))
    .filter((dir) => existsSync(dir))
    .flatMap(sourceFiles);
  return [...top, ...nested];
}

/** The specifiers of a module's static import and re-export declarations. */
export function specifiersOf(file: string, text: string): string[] {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
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

function resolve(root: string, from: string, specifier: string, known: Set<string>): string | null {
  const bare = specifier.replace(/[?#].*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = path.join(root, "app", bare.slice(2));
  else if (bare.startsWith(".")) base = path.resolve(path.dirname(from), bare);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((c) => known.has(c)) ?? null;
}

type ImportGraph = Map<string, string[]>;

/** Module → the modules it imports statically (within `files`). */
export function importGraph(root: string, files: string[]): ImportGraph {
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = specifiersOf(file, readFileSync(file, "utf8"))
      .map((s) => resolve(root, file, s, known))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: every cycle lies inside one. */
function stronglyConnected(graph: ImportGraph): string[][] {
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

/** The knots of the graph: groups of modules that reach each other (a module importing itself is one too). */
export function importKnots(graph: ImportGraph): string[][] {
  return stronglyConnected(graph).filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]));
}

/** One concrete circle through `start`, staying inside its knot (breadth-first: the shortest). */
export function circleThrough(graph: ImportGraph, start: string, members: Set<string>): string[] {
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

function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const files = repositoryFiles(root);
  const graph = importGraph(root, files);
  const knots = importKnots(graph);
  const rel = (file: string) => path.relative(root, file);
  const where = `${SCANNED_DIRS.map((d) => `${d}/`).join(", ")} and the top level`;
  if (knots.length === 0) {
    console.log(`check-import-cycles: ${files.length} modules in ${where}, 0 cycles`);
    return;
  }
  console.error(`check-import-cycles: ${knots.length} import cycle(s) in ${where}:`);
  for (const knot of knots) {
    const members = new Set(knot);
    const first = [...knot].sort()[0];
    console.error(`\n  ${circleThrough(graph, first, members).map(rel).join("\n    → ")}`);
    if (knot.length > 2) console.error(`  (modules in this knot: ${knot.map(rel).sort().join(", ")})`);
  }
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

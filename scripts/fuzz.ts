// `npm run fuzz [-- --seed=N --requests=10000 --concurrency=16 --db=sqlite|postgres|both --only=/gestion/caja,…]`
//
// Bad input against every route of app/routes.ts: each form action and JSON API
// (found from the modules' `action` exports) and each page/loader (dynamic
// segments and the query parameters the loaders read), anonymous and signed in.
// A table of payload families (NUL bytes, lone surrogates, 1 MB strings,
// 10,000-level JSON, wrong types, prototype keys, 100k-item arrays, broken
// percent-encoding, duplicate/missing fields, wrong content types, overlong
// URLs, bad cookies/X-Forwarded-For/Origin, odd methods, raw bytes) is crossed
// with every target and round-robined until --requests is reached, in an order
// fixed by the seed. Runs the production build (BUILD_DIR, default ./build) on
// SQLite and then PostgreSQL when reachable. Any 5xx makes the exit code 1.
// --only keeps the routes whose pattern starts with one of the given prefixes
// (all their requests on a new screen's actions, e.g. --only=/gestion/caja,/gestion/productos).
//
// The pieces are in scripts/fuzz/: targets (route discovery), actions (correct
// requests), payload-kit and families-* (the payload families), plan, setup,
// run (one database) and report.
import path from "node:path";
import { parseCli } from "./lib/cli.ts";
import { selectDatabases } from "./lib/server.ts";
import { numberFlag } from "./lib/util.ts";
import { FAMILIES } from "./fuzz/payloads.ts";
import { printReport, printSummary, type DbReport } from "./fuzz/report.ts";
import { runOnDb } from "./fuzz/run.ts";
import { buildTargets, discoverRoutes } from "./fuzz/targets.ts";

const cli = parseCli(20260522);
const { flags, seed: SEED, appDir } = cli;
const TOTAL = numberFlag(flags, "requests", 10_000);
const CONCURRENCY = Math.max(1, numberFlag(flags, "concurrency", 16));

const routes = await discoverRoutes(appDir);
const built = buildTargets(routes);
const only = (flags.get("only") ?? "").split(",").filter(Boolean);
const targets = only.length
  ? built.targets.filter((t) => only.some((prefix) => t.route.pattern.startsWith(prefix)))
  : built.targets;
const unknownActions = built.unknownActions.filter((p) => !only.length || only.some((prefix) => p.startsWith(prefix)));
if (targets.length === 0) throw new Error(`--only=${only.join(",")} matches no route`);
const { kinds, pgUrl } = await selectDatabases(flags);
const actionCount = targets.filter((t) => t.method === "POST").length;
console.log(
  `fuzz: seed ${SEED} (--seed=N to change), ${TOTAL} requests per database, concurrency ${CONCURRENCY}, ` +
    `${routes.length} routes → ${targets.length} targets (${actionCount} POST), ${FAMILIES.length} payload families, databases: ${kinds.join(", ")}`,
);
if (unknownActions.length)
  console.log(`(actions without a field table, fuzzed with generic fields: ${unknownActions.join(", ")})`);

const reports: DbReport[] = [];
for (const kind of kinds) {
  console.log(
    `\n[${kind}] starting ${path.relative(process.cwd(), appDir) || "."} (${process.env.BUILD_DIR ?? "build"})`,
  );
  const report = await runOnDb({ cli, kind, pgUrl, targets, total: TOTAL, concurrency: CONCURRENCY });
  printReport(report, SEED);
  reports.push(report);
}

if (printSummary(reports, SEED)) process.exit(1);

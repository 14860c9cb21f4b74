// The common start of the fuzz and benchmark scripts: the flags, the seed, the
// checkout whose production build is run, and a fresh, catalogue-seeded database per run.
import {
  appDirOf,
  createTarget,
  requireBuild,
  seedTarget,
  ServerLog,
  startApp,
  type AppServer,
  type DbKind,
  type DbTarget,
} from "./server.ts";
import { parseFlags } from "./util.ts";

export interface Cli {
  flags: Map<string, string>;
  /** --seed=N, or the script's own default. */
  seed: number;
  /** The checkout whose build is started (--app-dir / BENCH_APP_DIR); it has a build. */
  appDir: string;
}

/** Parses the flags and fails early (exit code 2) when there is no production build. */
export function parseCli(defaultSeed: number): Cli {
  const flags = parseFlags();
  const seed = flags.has("seed") ? Number(flags.get("seed")) >>> 0 : defaultSeed;
  const appDir = appDirOf(flags);
  requireBuild(appDir);
  return { flags, seed, appDir };
}

interface Run {
  target: DbTarget;
  log: ServerLog;
  /** Starts the build on the run's database (--verbose echoes its log). */
  startServer: () => Promise<AppServer>;
}

/** A fresh database (kept with --keep) and log collector for one run of `label` on `kind`. */
export async function prepareRun(cli: Cli, kind: DbKind, pgUrl: string, label: string): Promise<Run> {
  const target = await createTarget(kind, pgUrl, { label: `${label}-${kind}`, keep: cli.flags.has("keep") });
  // A fresh database has no courses: the catalogue seed, as `npm run quickstart` runs it.
  // Benchmarks and the fuzzer buy far more places than a class holds (seats are never oversold): room for all.
  seedTarget(cli.appDir, target, { seats: 100_000 });
  const log = new ServerLog();
  // The load benchmark asks the server for full GCs through the inspector (loopback only).
  const startServer = () =>
    startApp({ appDir: cli.appDir, target, log, echo: cli.flags.has("verbose"), inspect: label === "load" });
  return { target, log, startServer };
}

// `npm run bench:verifactu [-- --db=sqlite|postgres|both --purchases=5 --waves=2 --wait=10 --fail=2 --kill]`:
// one burst of real purchases against the production build with
// VERIFACTU_MODE=verifactu-test, paid through the Stripe SDK (local Stripe
// stand-in, signed webhooks), its billing records sent to the local AEAT
// stand-in over mutual TLS, with the first --fail requests answered 503 and a
// TiempoEsperaEnvio of --wait seconds. Prints the exchange (every request:
// when, what it got, how many records; a second wave paid once the first was
// accepted shows the wait) and the checks: each record accepted
// once, the huellas the AEAT holds equal the chain's, `facturas:verificar`.
// --kill also kills -9 the server while the stand-in holds its answer.
// Needs a production build (`npm run build`; BUILD_DIR selects another).
import { parseCli } from "./lib/cli.ts";
import { selectDatabases } from "./lib/server.ts";
import { numberFlag } from "./lib/util.ts";
import { runVerifactuBurst, type BurstResult } from "./lib/verifactu-burst.ts";

const cli = parseCli(1);
const { flags, appDir } = cli;
const purchases = Math.max(1, numberFlag(flags, "purchases", 5));
const waitS = Math.max(1, numberFlag(flags, "wait", 10));
const fail503 = Math.max(0, numberFlag(flags, "fail", 2));
const waves = Math.max(1, numberFlag(flags, "waves", 2));
const kill = flags.has("kill");

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(r: BurstResult): string[] {
  const lines = [
    `### ${r.kind}: ${waves} × ${purchases} purchases, TiempoEsperaEnvio ${waitS} s, first ${fail503} requests 503${kill ? ", kill -9 mid-send" : ""}`,
    "",
    "| # | at (after the payments) | gap | what the AEAT stand-in did | records |",
    "|---|---|---|---|---|",
  ];
  let previous: number | null = null;
  r.exchanges.forEach((e, i) => {
    const what =
      e.outcome === "answered"
        ? "validated against the XSDs, answered"
        : e.outcome === "503"
          ? "HTTP 503 (on purpose)"
          : e.outcome;
    lines.push(
      `| ${i + 1} | ${seconds(e.at)} | ${previous === null ? "–" : seconds(e.at - previous)} | ${what} | ${e.outcome === "answered" ? e.records : "–"} |`,
    );
    previous = e.at;
  });
  const received = [...r.timesReceived.values()];
  const answered = r.exchanges.filter((e) => e.outcome === "answered").length;
  lines.push(
    "",
    `- records in the chain: ${r.records}; registered by the stand-in: ${r.acceptedAtAeat}; requests: ${r.exchanges.length} (${answered} answered)`,
    `- times each record arrived: ${received.length ? `${Math.min(...received)}–${Math.max(...received)}` : "none"}; states in the site: ${[...r.states].map(([s, n]) => `${s} ${n}`).join(", ")}`,
    `- huellas held by the stand-in = the chain's, in order: ${r.chainMatches ? "yes" : "NO"}`,
    `- facturas:verificar: exit ${r.verify.code} (${r.verify.line})`,
    `- every record accepted after: ${r.settledAfter === null ? "NOT within the deadline" : seconds(r.settledAfter)}`,
  );
  for (const [i, at] of r.waveStarts.entries())
    lines.push(`- wave ${i + 2} paid at ${seconds(at)}, once wave ${i + 1} was accepted`);
  if (r.killedAt !== null)
    lines.push(`- kill -9 at ${seconds(r.killedAt)}, server back in ${seconds(r.restartMs ?? 0)}`);
  lines.push(`- server: ${r.http5xx} responses 5xx; error lines: ${r.serverErrors.length ? r.serverErrors.join(" | ") : "none"}`, "");
  return lines;
}

const { kinds, pgUrl } = await selectDatabases(flags);
let failed = false;
for (const kind of kinds) {
  const result = await runVerifactuBurst({
    appDir,
    kind,
    pgUrl,
    purchases,
    waves,
    waitS,
    fail503,
    kill,
    deadlineMs: (waitS * 3 + 120) * 1000,
    verbose: flags.has("verbose"),
  });
  console.log(report(result).join("\n"));
  const once = [...result.timesReceived.values()].every((n) => n === 1) || kill;
  if (result.settledAfter === null || !result.chainMatches || result.verify.code !== 0 || !once) failed = true;
}
process.exit(failed ? 1 : 0);

// Tallies of a run (status classes per family, 5xx and transport failures, the
// slowest answer) and their printing.
import { statusClass, type HttpResponse } from "../lib/http.ts";
import type { DbKind, ServerLog } from "../lib/server.ts";
import { clip, fmtMs, mb, table } from "../lib/util.ts";
import { FAMILIES } from "./payloads.ts";

interface Failure {
  method: string;
  path: string;
  family: string;
  target: string;
  auth: string;
  status: number;
  error?: string;
}

export interface DbReport {
  kind: DbKind;
  sent: number;
  byClass: Map<string, number>;
  byFamily: Map<string, Map<string, number>>;
  fivexx: Failure[];
  fivexxCount: number;
  fivexxGroups: Map<string, number>;
  transport: Failure[];
  transportCount: number;
  slowest: { ms: number; desc: string } | null;
  peakRss: number;
  crashes: number;
  log: ServerLog;
  seconds: number;
  keepAliveRetries: number;
}

export function newReport(kind: DbKind, log: ServerLog): DbReport {
  return {
    kind,
    sent: 0,
    byClass: new Map(),
    byFamily: new Map(),
    fivexx: [],
    fivexxCount: 0,
    fivexxGroups: new Map(),
    transport: [],
    transportCount: 0,
    slowest: null,
    peakRss: 0,
    crashes: 0,
    log,
    seconds: 0,
    keepAliveRetries: 0,
  };
}

/** Counts one answer (status 0: no HTTP answer) to the request described by `sent`. */
export function record(report: DbReport, sent: Omit<Failure, "status" | "error">, res: HttpResponse): void {
  report.sent++;
  const cls = statusClass(res.status);
  report.byClass.set(cls, (report.byClass.get(cls) ?? 0) + 1);
  const fam = report.byFamily.get(sent.family) ?? new Map<string, number>();
  fam.set(cls, (fam.get(cls) ?? 0) + 1);
  report.byFamily.set(sent.family, fam);
  const failure: Failure = { ...sent, status: res.status, error: res.error };
  if (res.status >= 500) {
    report.fivexxCount++;
    if (report.fivexx.length < 20) report.fivexx.push(failure);
    const key = `${res.status} ${sent.target} · ${sent.family}`;
    report.fivexxGroups.set(key, (report.fivexxGroups.get(key) ?? 0) + 1);
  } else if (res.status === 0) {
    report.transportCount++;
    if (report.transport.length < 10) report.transport.push(failure);
  }
  if (res.status > 0 && (!report.slowest || res.ms > report.slowest.ms)) {
    report.slowest = {
      ms: res.ms,
      desc: `${sent.method} ${clip(sent.path, 100)} [${sent.family}, ${sent.auth}] → ${res.status || res.error}`,
    };
  }
}

export function printReport(r: DbReport, seed: number) {
  console.log(`\n=== ${r.kind}: ${r.sent} requests in ${r.seconds.toFixed(1)} s (seed ${seed}) ===`);
  const classes = ["2xx", "3xx", "4xx", "5xx", "transport error"];
  console.log(`responses: ${classes.map((c) => `${c} ${r.byClass.get(c) ?? 0}`).join(" · ")}`);
  const famRows = FAMILIES.filter((f) => r.byFamily.has(f.name)).map((f) => {
    const m = r.byFamily.get(f.name)!;
    return [f.name, ...classes.map((c) => String(m.get(c) ?? 0))];
  });
  console.log(table(["family", ...classes.map((c) => (c === "transport error" ? "transport" : c))], famRows));
  console.log(`\n5xx seen: ${r.fivexxCount}`);
  for (const f of r.fivexx)
    console.log(`  ${f.status} ${f.method} ${clip(f.path, 90)}  [${f.family}, ${f.auth}] (${f.target})`);
  if (r.fivexxGroups.size) {
    console.log(`5xx by target · family (${r.fivexxGroups.size} groups${r.fivexxGroups.size > 30 ? ", top 30" : ""}):`);
    for (const [k, n] of [...r.fivexxGroups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${String(n).padStart(5)}  ${k}`);
  }
  if (r.transportCount) {
    console.log(`transport errors (no HTTP answer): ${r.transportCount}`);
    for (const f of r.transport) console.log(`  ${f.error} ${f.method} ${clip(f.path, 90)}  [${f.family}, ${f.auth}]`);
  }
  if (r.slowest) console.log(`slowest response: ${fmtMs(r.slowest.ms)}  ${r.slowest.desc}`);
  if (r.keepAliveRetries)
    console.log(`(${r.keepAliveRetries} requests resent once after the server closed a kept-alive socket)`);
  console.log(`server peak RSS: ${mb(r.peakRss)}${r.crashes ? ` · server crashes: ${r.crashes}` : ""}`);
  console.log(
    `server log: ${r.log.errorCount} error lines, ${r.log.http5xx} requests logged with 5xx, ${r.log.stderrCount} non-JSON lines`,
  );
  for (const s of r.log.summary(6)) console.log(`  ${clip(s, 200)}`);
}

/** Prints the closing lines; true when the run failed (any 5xx or server crash). */
export function printSummary(reports: DbReport[], seed: number): boolean {
  const total5xx = reports.reduce((s, r) => s + r.fivexxCount, 0);
  const crashes = reports.reduce((s, r) => s + r.crashes, 0);
  console.log(
    `\nfuzz summary (seed ${seed}): ${reports.map((r) => `${r.kind} ${r.sent} req, ${r.fivexxCount} 5xx, peak RSS ${mb(r.peakRss)}`).join(" · ")}`,
  );
  if (total5xx > 0 || crashes > 0) {
    console.log(`FAIL: ${total5xx} responses with 5xx${crashes ? `, ${crashes} server crashes` : ""}`);
    return true;
  }
  console.log("OK: no 5xx");
  return false;
}

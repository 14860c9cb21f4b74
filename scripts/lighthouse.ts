// Lighthouse 13 (mobile, default throttling) over the public pages; prints a table.
// Usage: npm run lighthouse [-- /path /other]   (builds must exist: npm run build)
// Without paths: every public page (catalogue filters included) and the 404 pages.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "../tests/helpers/chromium.ts";
import { startServer } from "../tests/helpers/server.ts";
import { notFoundPages, publicPages } from "./public-pages.ts";

const args = process.argv.slice(2).filter((a) => a.startsWith("/"));
const pages = args.length ? args : [...publicPages, ...notFoundPages];
const srv = await startServer({ LOG_LEVEL: "warn" });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumFlags],
});
const runsPerPage = Number(process.env.LH_RUNS ?? 3);
const rows: string[][] = [];
try {
  for (const page of pages) {
    const url = srv.url + page;
    await fetch(url); // warm the server (first render after start is slower)
    // Simulated timings scale with observed CPU time, which jitters on a shared
    // machine: like Lighthouse's own guidance, report the median of several runs.
    const runs = [];
    for (let i = 0; i < runsPerPage; i++) {
      // ignoreStatusCode: the 404 pages are audited too (a real page, not a load failure).
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        ignoreStatusCode: true,
      });
      if (!result?.lhr) throw new Error(`Lighthouse did not return a result for ${page}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    if (lhr.runtimeError) console.error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // LH_JSON_DIR=/tmp/lh keeps each full report for digging into a score.
    if (process.env.LH_JSON_DIR) {
      mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
      writeFileSync(
        path.join(process.env.LH_JSON_DIR, `${page.replace(/[^a-z0-9]+/gi, "_") || "root"}.json`),
        JSON.stringify(lhr),
      );
    }
    const score = (k: string) => String(Math.round((lhr.categories[k]?.score ?? 0) * 100));
    const audit = (k: string) => lhr.audits[k]?.displayValue ?? "";
    rows.push([
      page,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      audit("largest-contentful-paint"),
      audit("total-blocking-time"),
      audit("cumulative-layout-shift"),
    ]);
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary",
    );
    if (failing.length) console.error(`${page}: ${failing.map((a) => a.id).join(", ")}`);
  }
} finally {
  chrome.kill();
  await srv.stop();
}
const header = ["Página", "Rend.", "Acces.", "Buenas pr.", "SEO", "LCP", "TBT", "CLS"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));

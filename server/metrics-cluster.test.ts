import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("metrics with several cluster workers", () => {
  it("answers a scrape reaching any worker with the numbers of all of them", async () => {
    const fixture = path.join(import.meta.dirname, "metrics-cluster.fixture.ts");
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [fixture], { timeout: 30_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    // One email counted in each of the three workers.
    expect(out).toMatch(/^emails_sent_total\{template="cluster-test"\} 3$/m);
    // Node's own metrics of every worker, aggregated too (the event-loop lag is averaged).
    expect(out).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  }, 40_000);
});

/**
 * A cluster of three workers for metrics-cluster.test.ts: each counts one email
 * sent, then the second one answers a scrape through the primary and the
 * primary prints that answer. Run with plain node (no Vite).
 */
import cluster from "node:cluster";
import type { Logger } from "../app/lib/logger.server.ts";
import { emailsSent } from "../app/lib/metrics.server.ts";
import { answerClusterMetrics, clusterProcessMetrics, serveClusterMetrics } from "./metrics-cluster.ts";

const WORKERS = 3;
const logger = { warn: (...args: unknown[]) => console.error(JSON.stringify(args)) } as unknown as Logger;

if (cluster.isPrimary) {
  serveClusterMetrics(logger);
  const workers = Array.from({ length: WORKERS }, () => cluster.fork());
  let ready = 0;
  for (const worker of workers) {
    worker.on("message", (message: unknown) => {
      if (message === "ready" && ++ready === WORKERS) workers[1].send("scrape");
      const text = (message as { text?: unknown } | null)?.text;
      if (typeof text === "string") {
        process.stdout.write(text);
        for (const w of workers) w.kill();
        process.exit(0);
      }
    });
  }
  setTimeout(() => process.exit(2), 20_000).unref();
} else {
  answerClusterMetrics();
  emailsSent.inc({ template: "cluster-test" });
  process.on("message", (message) => {
    if (message === "scrape") void clusterProcessMetrics(logger).then((text) => process.send!({ text: text ?? "" }));
  });
  process.send!("ready");
}

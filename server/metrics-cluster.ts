/**
 * /metrics behind one port with several cluster workers (server/cluster.ts):
 * whichever worker the scrape reaches asks the primary, which gathers every
 * worker's process metrics over IPC (prom-client's AggregatorRegistry: counters
 * and histograms added up, the event-loop lag averaged) and hands the text
 * back. Prometheus then sees one target, whose numbers do not depend on which
 * worker answered.
 */
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { Logger } from "../app/lib/logger.server.ts";
import { processRegistry } from "../app/lib/metrics.server.ts";

const REQUEST = "alejandra:metrics-request";
const ANSWER = "alejandra:metrics-answer";
/** prom-client gives up on a silent worker after 5 s. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAnswer = (m: unknown): m is Answer => (m as { type?: unknown } | null)?.type === ANSWER;

/** In the primary: answers the workers' requests with the metrics of all of them. */
export function serveClusterMetrics(logger: Logger): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== REQUEST || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: Error) => {
        logger.warn({ err }, "metrics: could not gather the workers' metrics");
        if (worker.isConnected()) worker.send({ type: ANSWER, id, error: err.message } satisfies Answer);
      },
    );
  });
}

let listening = false;

/** In a worker: lets the primary read this process's metrics (call once at start). */
export function answerClusterMetrics(): void {
  if (listening || !cluster.isWorker) return;
  listening = true;
  AggregatorRegistry.setRegistries([processRegistry]);
  // Constructing one registers prom-client's listener for the primary's requests.
  new AggregatorRegistry();
}

let nextId = 0;

/** In a worker: every worker's process metrics added up, or null (this worker's alone) if the primary does not answer. */
export function clusterProcessMetrics(logger: Logger): Promise<string | null> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      resolve(text);
    };
    const onMessage = (message: unknown) => {
      if (!isAnswer(message) || message.id !== id) return;
      if (message.error !== undefined) logger.warn({ error: message.error }, "metrics: only this worker's numbers");
      done(message.text ?? null);
    };
    const timer = setTimeout(() => {
      logger.warn("metrics: the primary did not answer, only this worker's numbers");
      done(null);
    }, ANSWER_TIMEOUT_MS);
    process.on("message", onMessage);
    process.send!({ type: REQUEST, id });
  });
}

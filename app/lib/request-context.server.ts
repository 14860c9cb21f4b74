/**
 * The id of the request (or outbox job) this code runs for, carried by
 * AsyncLocalStorage: the logger adds it to every line (logger.server.ts) and
 * `enqueueJob` stores it with each job, so a request's log lines and the lines
 * of the jobs it caused share one id, without passing it through every call.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestId ? storage.run(requestId, fn) : fn();
}

/** The current request's id, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}

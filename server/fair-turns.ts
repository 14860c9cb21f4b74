/**
 * One request starts its work per event-loop turn.
 *
 * Node 24's event loop accepts at most one new connection per turn. On SQLite
 * every query is synchronous, so a request runs from its first byte to its last
 * within the turn that read it; when many keep-alive connections are busy, one
 * turn holds dozens of renders and new visitors wait in the kernel's accept
 * queue for tens of seconds (an outside load test saw requests unanswered after
 * 30 s). Handing each request its start in a later turn, one at a time in
 * arrival order, keeps turns short: new connections are accepted at the rate
 * requests are served, and latency is shared fairly. The throughput is the same;
 * the cost is one setImmediate hop per request. Only on SQLite: with PostgreSQL
 * every query yields, turns stay short by themselves, and the gate would cap
 * starts at the turn rate (measured: 165 → 106 req/s).
 */
const waiting: (() => void)[] = [];
let draining = false;

function next() {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(next);
  else draining = false;
}

/** Resolves in a later event-loop turn, after every request that asked before. */
export function takeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!draining) {
      draining = true;
      setImmediate(next);
    }
  });
}

/** Requests waiting for their turn (for tests and diagnostics). */
export const waitingTurns = (): number => waiting.length;

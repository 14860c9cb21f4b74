/**
 * The public pages' content version (table `content_state`, bumped by triggers on
 * the catalogue, editions, seat holds and salon settings: migration 0010). The
 * anonymous page cache (server/page-cache.ts) keys its pages by it.
 */
import type { Db } from "~/db/db.server.ts";

export async function readContentVersion(db: Db): Promise<string> {
  const row = await db.selectFrom("content_state").select("version").where("id", "=", 1).executeTakeFirst();
  return String(row?.version ?? 0);
}

/**
 * Coalesces concurrent reads without ever answering from a read that began
 * before the call: a caller joins the read queued to start after the one in
 * flight, so a write committed before the call is always seen. At most one read
 * runs and one waits, however many requests arrive.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const p = read();
    current = p;
    const done = () => {
      if (current === p) current = null;
    };
    p.then(done, done);
    return p;
  };
  return () => {
    if (!current) return start();
    if (!queued) {
      const settle = () => undefined;
      queued = current.then(settle, settle).then(() => {
        queued = null;
        return start();
      });
    }
    return queued;
  };
}

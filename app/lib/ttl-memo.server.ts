/**
 * Remembers a slow read for a short time: every caller within `ttlMs` of the
 * read gets its result, and callers that arrive while it runs share it. One
 * value per owner object (e.g. the database handle, so tests with their own
 * database never see another's figures) and key; a failed read is forgotten.
 * Per process: each of the cluster's workers keeps its own.
 */
export interface TtlMemo<O extends object, V> {
  /** The value for `key`, read now or at most `ttlMs` before `nowMs`. */
  get(owner: O, key: string, nowMs: number, read: () => Promise<V>): Promise<{ value: V; readAt: number }>;
}

export function ttlMemo<O extends object, V>(ttlMs: number): TtlMemo<O, V> {
  const entries = new WeakMap<O, { key: string; readAt: number; value: Promise<V> }>();
  return {
    get(owner, key, nowMs, read) {
      const kept = entries.get(owner);
      // A clock that went back (a test's fixed "now") reads again rather than serve the future.
      if (kept && kept.key === key && nowMs >= kept.readAt && nowMs - kept.readAt < ttlMs) {
        return kept.value.then((value) => ({ value, readAt: kept.readAt }));
      }
      const entry = { key, readAt: nowMs, value: read() };
      entries.set(owner, entry);
      entry.value.catch(() => {
        if (entries.get(owner) === entry) entries.delete(owner);
      });
      return entry.value.then((value) => ({ value, readAt: nowMs }));
    },
  };
}

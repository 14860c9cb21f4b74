/**
 * A label table read with a key from outside (a query parameter, a stored value):
 * only the table's own entries count, so `__proto__`, `constructor` or `toString`
 * find nothing instead of an object inherited from Object.prototype.
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key != null && Object.hasOwn(table, key) ? table[key] : undefined;
}

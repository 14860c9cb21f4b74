/**
 * The audit log's before/after JSON as a list of changed fields, for the owner's
 * screen: only what differs, each value as short readable text. No I/O.
 */
interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const EMPTY = "—";
const MAX_VALUE = 300;

function parse(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value as one line: text as is, null/absent as a dash, yes/no for booleans, JSON otherwise (capped). */
export function readableValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? "sí" : "no";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * Fields whose value differs between before and after, in first-seen order.
 * A creation lists every field with a dash before; a deletion, a dash after.
 * Non-object records compare as one field, "valor".
 */
export function auditChanges(beforeJson: string | null, afterJson: string | null): FieldChange[] {
  const before = parse(beforeJson);
  const after = parse(afterJson);
  if ((before === undefined || isRecord(before)) && (after === undefined || isRecord(after))) {
    const b = before ?? {};
    const a = after ?? {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
      .map((field) => ({ field, before: readableValue(b[field]), after: readableValue(a[field]) }));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ field: "valor", before: readableValue(before), after: readableValue(after) }];
}

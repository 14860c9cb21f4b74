/**
 * The audit log's before/after JSON as a list of fields, for the owner's screen:
 * what changed, each with its Spanish label and its values as people read them
 * (audit-text.ts). A side that was not recorded is left out, never shown as a dash:
 * a creation lists what was created, a deletion what was deleted, and a field kept
 * on one side only (an order's amounts before a refund, the refund after) shows its
 * one value. No I/O.
 */
import { auditFieldLabel, auditValueText } from "./audit-text.ts";

export interface FieldChange {
  field: string;
  label: string;
  /** The value before, when the entry recorded one. */
  before?: string;
  /** The value after, when the entry recorded one. */
  after?: string;
}

function parse(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `{ rules: { cancelHours: 24 } }` → `{ "rules.cancelHours": 24 }`: one level of nesting, as the settings keep it. */
function flatten(record: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (isRecord(value)) {
      for (const [inner, v] of Object.entries(value)) flat[`${key}.${inner}`] = v;
    } else {
      flat[key] = value;
    }
  }
  return flat;
}

/**
 * Fields that differ between before and after, in first-seen order, with their
 * labels and readable values. Non-object records compare as one field, "valor".
 */
export function auditChanges(beforeJson: string | null, afterJson: string | null, entityType = ""): FieldChange[] {
  const before = parse(beforeJson);
  const after = parse(afterJson);
  const text = (field: string, value: unknown) => auditValueText(field, value, entityType);
  if ((before === undefined || isRecord(before)) && (after === undefined || isRecord(after))) {
    const b = before === undefined ? {} : flatten(before);
    const a = after === undefined ? {} : flatten(after);
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
      .map((field) => ({
        field,
        label: auditFieldLabel(field),
        ...(Object.hasOwn(b, field) ? { before: text(field, b[field]) } : {}),
        ...(Object.hasOwn(a, field) ? { after: text(field, a[field]) } : {}),
      }));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [
    {
      field: "valor",
      label: "Valor",
      ...(before === undefined ? {} : { before: text("valor", before) }),
      ...(after === undefined ? {} : { after: text("valor", after) }),
    },
  ];
}

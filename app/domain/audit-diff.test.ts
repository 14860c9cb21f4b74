import { describe, expect, it } from "vitest";
import { auditChanges, readableValue } from "./audit-diff.ts";

describe("audit changes", () => {
  it("lists only the fields that changed", () => {
    expect(
      auditChanges(
        JSON.stringify({ email: "a@x.es", role: "staff" }),
        JSON.stringify({ email: "a@x.es", role: "owner" }),
      ),
    ).toEqual([{ field: "role", before: "staff", after: "owner" }]);
  });

  it("shows a creation and a deletion field by field, with a dash for the missing side", () => {
    expect(auditChanges(null, JSON.stringify({ email: "a@x.es", emailed: true }))).toEqual([
      { field: "email", before: "—", after: "a@x.es" },
      { field: "emailed", before: "—", after: "sí" },
    ]);
    expect(auditChanges(JSON.stringify({ role: "staff" }), null)).toEqual([
      { field: "role", before: "staff", after: "—" },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it("compares nested values and non-object records, and survives malformed JSON", () => {
    expect(auditChanges(JSON.stringify({ tags: [1, 2] }), JSON.stringify({ tags: [1, 2] }))).toEqual([]);
    expect(auditChanges(JSON.stringify({ tags: [1] }), JSON.stringify({ tags: [1, 2] }))).toEqual([
      { field: "tags", before: "[1]", after: "[1,2]" },
    ]);
    expect(auditChanges("3", "4")).toEqual([{ field: "valor", before: "3", after: "4" }]);
    expect(auditChanges("{roto", null)).toEqual([{ field: "valor", before: "{roto", after: "—" }]);
  });

  it("keeps long values short", () => {
    expect(readableValue("x".repeat(1000))).toHaveLength(300);
    expect(readableValue(false)).toBe("no");
    expect(readableValue("")).toBe("—");
  });
});

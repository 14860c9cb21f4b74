import { describe, expect, it } from "vitest";
import { isOtherSchemaGone } from "./db.server.ts";

describe("isOtherSchemaGone (a schema dropped by someone else during Kysely's introspection)", () => {
  const gone = (schema: string) => Object.assign(new Error(`schema "${schema}" does not exist`), { code: "3F000" });

  it("is true for another schema's disappearance, so the migration is tried again", () => {
    expect(isOtherSchemaGone(gone("t_otra_prueba"), "t_mia")).toBe(true);
  });

  it("is false when our own schema is missing, or for any other error", () => {
    expect(isOtherSchemaGone(gone("t_mia"), "t_mia")).toBe(false);
    expect(isOtherSchemaGone(Object.assign(new Error("deadlock detected"), { code: "40P01" }), "t_mia")).toBe(false);
    expect(isOtherSchemaGone(new Error("boom"), "t_mia")).toBe(false);
    expect(isOtherSchemaGone(undefined, "t_mia")).toBe(false);
  });
});

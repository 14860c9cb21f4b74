import { describe, expect, it } from "vitest";
import { isOwnerRole, isRole, isStaffRole } from "./roles.ts";

describe("roles", () => {
  it("lets staff and the owner into the staff area, and nobody else", () => {
    expect(isStaffRole("staff")).toBe(true);
    expect(isStaffRole("owner")).toBe(true);
    expect(isStaffRole("customer")).toBe(false);
  });

  it("gives staff management to the owner only", () => {
    expect(isOwnerRole("owner")).toBe(true);
    expect(isOwnerRole("staff")).toBe(false);
    expect(isOwnerRole("customer")).toBe(false);
  });

  it("recognises exactly the three roles (unknown values are not roles)", () => {
    expect(["customer", "staff", "owner", "admin", "Staff", " staff", "", null, 1].filter(isRole)).toEqual([
      "customer",
      "staff",
      "owner",
    ]);
  });
});

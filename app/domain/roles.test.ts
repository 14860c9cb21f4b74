import { describe, expect, it } from "vitest";
import { isRole, isStaffRole, roleOf } from "./roles.ts";

describe("roles", () => {
  const customer = { id: "u1", email: "ana@example.com" };

  it("treats a user without a role field as a customer", () => {
    expect(roleOf(customer)).toBe("customer");
    expect(isStaffRole(customer)).toBe(false);
  });

  it("lets staff and the owner in, and nobody else", () => {
    expect(isStaffRole({ ...customer, role: "staff" })).toBe(true);
    expect(isStaffRole({ ...customer, role: "owner" })).toBe(true);
    expect(isStaffRole({ ...customer, role: "customer" })).toBe(false);
  });

  it("fails closed on unknown or malformed roles", () => {
    for (const role of ["admin", "Staff", " staff", "", null, undefined, 1, ["staff"], { role: "staff" }]) {
      expect(roleOf({ ...customer, role }), String(role)).toBe("customer");
      expect(isStaffRole({ ...customer, role })).toBe(false);
    }
  });

  it("recognises exactly the three roles", () => {
    expect(["customer", "staff", "owner", "admin"].filter(isRole)).toEqual(["customer", "staff", "owner"]);
  });
});

/**
 * Who may enter the staff area (/gestion). Roles are not stored yet: a user
 * record without a `role` field, or with an unknown value, is a customer, so
 * the staff area stays closed until a role is granted on purpose.
 */
export const ROLES = ["customer", "staff", "owner"] as const;
export type Role = (typeof ROLES)[number];

const STAFF_ROLES: ReadonlySet<Role> = new Set(["staff", "owner"]);

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The role of any user-shaped object; "customer" unless it carries a known role. */
export function roleOf(user: object): Role {
  const role = "role" in user ? user.role : undefined;
  return isRole(role) ? role : "customer";
}

/** Staff and the owner run the salon's back office; customers do not. */
export function isStaffRole(user: object): boolean {
  return STAFF_ROLES.has(roleOf(user));
}

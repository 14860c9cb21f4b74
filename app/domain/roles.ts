/**
 * Who may enter the staff area (/gestion). The role is stored on the user
 * (`users.role`, default customer); an unknown value counts as a customer, so the
 * staff area stays closed unless a role was granted on purpose.
 */
const ROLES = ["customer", "staff", "owner"] as const;
export type Role = (typeof ROLES)[number];

const STAFF_ROLES: ReadonlySet<Role> = new Set(["staff", "owner"]);

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Staff and the owner run the salon's back office; customers do not. */
export function isStaffRole(role: Role): boolean {
  return STAFF_ROLES.has(role);
}

/** Only the owner invites, changes or removes staff and reads the audit log. */
export function isOwnerRole(role: Role): boolean {
  return role === "owner";
}

/** Spanish names for the staff screens. */
export const ROLE_LABELS: Record<Role, string> = {
  customer: "Clienta",
  staff: "Equipo",
  owner: "Propietaria",
};

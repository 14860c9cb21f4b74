/**
 * The team: who has a staff role, and the owner's changes to it. A role change
 * ends every session of the person (they sign in again, with the second
 * factor); removal (back to customer) also deletes their second factor. The
 * salon never runs without an owner: the last one cannot be demoted or removed.
 */
import { destroyOtherSessions } from "~/auth/session.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isRole, type Role } from "~/domain/roles.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { dropChallenges } from "./challenges.server.ts";
import { clearSecondFactor } from "./second-factor.server.ts";

interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  twoFactor: boolean;
  recoveryCodesLeft: number;
  lastLoginAt: string | null;
}

/** Everyone with a staff role, owners first, then by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("users")
    .leftJoin("staff_totp", "staff_totp.user_id", "users.id")
    .select((eb) => [
      "users.id",
      "users.email",
      "users.display_name",
      "users.role",
      "users.last_login_at",
      "staff_totp.confirmed_at",
      eb
        .selectFrom("recovery_codes")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("recovery_codes.user_id", "=", "users.id")
        .where("recovery_codes.used_at", "is", null)
        .as("codes_left"),
    ])
    .where("users.role", "in", ["staff", "owner"])
    .orderBy("users.role", "desc")
    .orderBy("users.display_name")
    .orderBy("users.email")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.display_name,
    role: isRole(r.role) ? r.role : "customer",
    twoFactor: r.confirmed_at !== null,
    recoveryCodesLeft: Number(r.codes_left ?? 0),
    lastLoginAt: r.last_login_at,
  }));
}

export type RoleChangeResult = "ok" | "not-found" | "unchanged" | "last-owner";

/**
 * Takes the write lock on every owner row first (a no-op UPDATE: row locks on
 * PostgreSQL, the database lock on SQLite), so two owners demoting each other at
 * the same moment are serialized and the second one sees a single owner left.
 */
async function lockOwners(trx: Db): Promise<number> {
  const r = await trx
    .updateTable("users")
    .set((eb) => ({ role: eb.ref("role") }))
    .where("role", "=", "owner")
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Sets a staff member's role: staff, owner, or customer (removal). Every session
 * of the person ends; on removal their TOTP, recovery codes and pending
 * sign-ins go too. Audited in the same transaction.
 */
export function setStaffRole(db: Db, actor: AuditActor, userId: string, role: Role): Promise<RoleChangeResult> {
  return inTransaction(db, async (trx) => {
    const owners = await lockOwners(trx);
    const target = await trx
      .selectFrom("users")
      .select(["id", "email", "role"])
      .where("id", "=", userId)
      .where("role", "in", ["staff", "owner"])
      .executeTakeFirst();
    if (!target) return "not-found";
    if (target.role === role) return "unchanged";
    if (target.role === "owner" && owners <= 1) return "last-owner";
    await trx.updateTable("users").set({ role, role_changed_at: nowIso() }).where("id", "=", userId).execute();
    await destroyOtherSessions(trx, userId);
    const removed = role === "customer";
    if (removed) {
      await clearSecondFactor(trx, userId);
      await dropChallenges(trx, userId);
    }
    await recordAudit(trx, actor, {
      action: removed ? "staff.remove" : "staff.role-change",
      entityType: "user",
      entityId: userId,
      before: { email: target.email, role: target.role },
      after: { email: target.email, role },
    });
    return "ok";
  });
}

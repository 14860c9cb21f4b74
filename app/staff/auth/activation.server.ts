/**
 * Activation of a staff invitation, in one transaction: the link is spent, the
 * account created (or, for an address that already has one, upgraded after its
 * password was checked by the caller), the TOTP secret confirmed, ten recovery
 * codes issued, every earlier session ended and a staff session opened.
 *
 * Who may activate for an existing account: only someone who knows its
 * password. The link alone is not proof (the owner saw it on screen), so it
 * never sets or replaces the password of an existing account; an account
 * without one (Google only) first gets a password through "¿Has olvidado tu
 * contraseña?", which proves the mailbox.
 */
import { requestEmailVerification } from "~/auth/email-verification.server.ts";
import { normalizeEmail, displayNameOf } from "~/auth/accounts.server.ts";
import { createStaffSession, destroyOtherSessions } from "~/auth/session.server.ts";
import { DEFAULT_USER_SETTINGS, settingsColumns } from "~/auth/user-settings.server.ts";
import type { Config } from "~/config.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { dropChallenges } from "./challenges.server.ts";
import { spendInvitation, type Invitation } from "./invitations.server.ts";
import { replaceRecoveryCodes, saveConfirmedTotp } from "./second-factor.server.ts";

export type ActivationIdentity =
  | { kind: "new"; firstName: string; lastName: string; passwordHash: string }
  /** An account that already had this address; its password was verified. */
  | { kind: "existing"; userId: string };

type ActivationResult =
  | { status: "ok"; userId: string; cookie: string; recoveryCodes: string[] }
  /** Used, revoked or expired meanwhile. */
  | { status: "spent" }
  /** An account appeared for the address meanwhile (or the one checked is gone): reload the page. */
  | { status: "changed" };

class ActivationChanged extends Error {}

async function insertStaffUser(
  trx: Db,
  email: string,
  identity: Extract<ActivationIdentity, { kind: "new" }>,
  role: string,
) {
  const id = newId();
  const now = nowIso();
  await trx
    .insertInto("users")
    .values({
      id,
      email: normalizeEmail(email),
      password_hash: identity.passwordHash,
      google_sub: null,
      display_name: displayNameOf(identity.firstName, identity.lastName),
      first_name: identity.firstName,
      last_name: identity.lastName,
      phone: "",
      created_at: now,
      last_login_at: null,
      email_verified_at: null,
      role,
      role_changed_at: now,
    })
    .execute();
  await trx
    .insertInto("user_settings")
    .values({ user_id: id, ...settingsColumns(DEFAULT_USER_SETTINGS), updated_at: now })
    .execute();
  // Like any new password account: the address is proven by the verification email.
  await requestEmailVerification(trx, id);
  return id;
}

export async function completeActivation(
  db: Db,
  config: Pick<Config, "isLocalOrigin">,
  input: { invitation: Invitation; identity: ActivationIdentity; totpSecret: string; totpStep: number },
): Promise<ActivationResult> {
  const { invitation, identity } = input;
  try {
    return await inTransaction(db, async (trx): Promise<ActivationResult> => {
      if (!(await spendInvitation(trx, invitation))) return { status: "spent" };
      let userId: string;
      let before: { role: string } | undefined;
      let role: string = invitation.role;
      if (identity.kind === "new") {
        userId = await insertStaffUser(trx, invitation.email, identity, role);
      } else {
        const row = await trx
          .selectFrom("users")
          .select(["id", "role"])
          .where("id", "=", identity.userId)
          .where("email", "=", invitation.email)
          .executeTakeFirst();
        if (!row) throw new ActivationChanged();
        userId = row.id;
        before = { role: row.role };
        // An invitation never demotes an owner (that is the team screen's job, with its last-owner rule).
        if (row.role === "owner") role = "owner";
        if (row.role !== role) {
          await trx.updateTable("users").set({ role, role_changed_at: nowIso() }).where("id", "=", userId).execute();
        }
      }
      await saveConfirmedTotp(trx, userId, input.totpSecret, input.totpStep);
      const recoveryCodes = await replaceRecoveryCodes(trx, userId);
      await dropChallenges(trx, userId);
      await destroyOtherSessions(trx, userId);
      const cookie = await createStaffSession(trx, config, userId);
      await recordAudit(
        trx,
        { id: userId, email: invitation.email },
        {
          action: "staff.activate",
          entityType: "user",
          entityId: userId,
          before,
          after: { email: invitation.email, role, twoFactor: true },
        },
      );
      return { status: "ok", userId, cookie, recoveryCodes };
    });
  } catch (err) {
    if (err instanceof ActivationChanged || isUniqueViolation(err)) return { status: "changed" };
    throw err;
  }
}

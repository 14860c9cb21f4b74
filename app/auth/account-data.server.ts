/** What the data export and the account deletion read and erase about one person. */
import type { Db } from "~/db/db.server.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { listMyCourses, listOrders } from "~/orders/queries.server.ts";
import { getSettingsRecord } from "./user-settings.server.ts";

/** Everything we hold about the person (GDPR art. 15/20), never the password hash. */
export async function exportAccountData(db: Db, userId: string) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "display_name",
      "first_name",
      "last_name",
      "phone",
      "created_at",
      "last_login_at",
      "google_sub",
      "locale",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const { settings, newsletterConsentAt } = await getSettingsRecord(db, userId);
  const sessions = await db
    .selectFrom("sessions")
    .select(["created_at", "expires_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return {
    exportedAt: nowIso(),
    account: {
      id: user.id,
      email: user.email,
      displayName: user.display_name,
      firstName: user.first_name,
      lastName: user.last_name,
      phone: user.phone,
      createdAt: user.created_at,
      lastLoginAt: user.last_login_at,
      googleLinked: user.google_sub !== null,
      // The language of her emails and documents (0027).
      locale: user.locale,
    },
    // "Recordatorios de mis cursos", marketing consent and when it was given.
    settings: { ...settings, newsletterConsentAt },
    enrollments: await listMyCourses(db, userId, { includeEnded: true }),
    orders: await listOrders(db, userId),
    sessions: sessions.map((s) => ({ createdAt: s.created_at, expiresAt: s.expires_at })),
  };
}

/**
 * Erases the person: sessions, reset links, settings and enrollments go with
 * the user row (ON DELETE CASCADE). Orders are invoices that Spanish law
 * requires to keep, so they stay, detached and without the email.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ user_id: null, email: null, updated_at: nowIso() })
      .where("user_id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("password_resets").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_settings").where("user_id", "=", userId).execute();
    await trx.deleteFrom("enrollments").where("user_id", "=", userId).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
  });
}

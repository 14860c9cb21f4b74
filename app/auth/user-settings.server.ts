/** The per-user preferences (`user_settings`): defaults, reads and writes. */
import type { Db } from "~/db/db.server.ts";
import { nowIso } from "~/lib/ids.server.ts";
import type { SettingsKey } from "./schemas.ts";

export type UserSettings = Record<SettingsKey, boolean>;

/**
 * The preferences of a new account: service emails on, marketing and publicity off.
 * The single source for createUser and for accounts without a settings row. The
 * column defaults of migration 0001 hold the same values; a shipped migration is
 * never edited, so a test checks that the two agree.
 */
export const DEFAULT_USER_SETTINGS: Readonly<UserSettings> = Object.freeze({
  courseEmails: true,
  newsletter: false,
});

const columns = {
  courseEmails: "course_emails",
  newsletter: "newsletter",
} as const satisfies Record<SettingsKey, string>;

type SettingsColumn = (typeof columns)[SettingsKey];

/** The 0/1 columns of a `user_settings` row for these preferences. */
export function settingsColumns(s: Readonly<UserSettings>): Record<SettingsColumn, number> {
  return {
    course_emails: s.courseEmails ? 1 : 0,
    newsletter: s.newsletter ? 1 : 0,
  };
}

interface SettingsRecord {
  settings: UserSettings;
  /** ISO timestamp of the first time marketing consent was given (null when not given now). */
  newsletterConsentAt: string | null;
}

/** The preferences and the proof of marketing consent (profile page, data export). */
export async function getSettingsRecord(db: Db, userId: string): Promise<SettingsRecord> {
  const row = await db.selectFrom("user_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
  const settings = { ...DEFAULT_USER_SETTINGS };
  if (!row) return { settings, newsletterConsentAt: null };
  for (const [key, col] of Object.entries(columns) as [SettingsKey, SettingsColumn][]) {
    settings[key] = Number(row[col]) === 1;
  }
  return { settings, newsletterConsentAt: settings.newsletter ? row.newsletter_consent_at : null };
}

/**
 * Saves the preferences. Marketing consent keeps the moment it was first given
 * (proof of consent); withdrawing it clears the date.
 */
export async function saveSettings(db: Db, userId: string, s: UserSettings): Promise<void> {
  const now = nowIso();
  const values = { ...settingsColumns(s), updated_at: now };
  await db
    .insertInto("user_settings")
    .values({ user_id: userId, ...values, newsletter_consent_at: s.newsletter ? now : null })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet((eb) => ({
        ...values,
        newsletter_consent_at: s.newsletter
          ? eb.fn.coalesce("user_settings.newsletter_consent_at", eb.val(now))
          : eb.val(null),
      })),
    )
    .execute();
}

/**
 * Confirming a waiting-list entry by email (issue 31): until its address is
 * confirmed an entry is `pending` and is never offered a seat. The link is made
 * when the email is rendered (as the account verification link is), so no
 * usable secret sits in the outbox; only its SHA-256 is stored
 * (`waitlist_confirmations`). A link is only good while its entry is pending and
 * within its 48 h, so the entry's own row decides: confirming (by any of its
 * links) moves it out of `pending`, which spends every link at once, and its
 * 48 h are its `created_at`. An unconfirmed entry past its 48 h is dropped by
 * the job due then.
 */
import type { Db } from "~/db/db.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { site } from "~/content/site.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { WAITLIST_CONFIRM_HOURS, type WaitlistConfirmState } from "~/domain/waitlist-messages.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import { isTokenShaped, newToken, sha256 } from "~/lib/ids.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import {
  CONFIRM_TTL_MS,
  confirmEntry,
  dropLapsedUnconfirmed,
  entryForEmail,
  entryTitle,
  entryWhat,
  unconfirmedCutoff,
} from "./waitlist.server.ts";

/** The page the emailed link opens, in the entry's language (/ca/llista-espera/confirmar/<token> in Catalan). */
export const confirmEntryUrl = (publicUrl: string, token: string, locale: Locale = "es"): string =>
  `${publicUrl}${localHref(locale, `/lista-espera/confirmar/${token}`)}`;

/** What the link's page may show: the entry's own course and date, nothing else. */
export interface ConfirmableEntry {
  courseTitle: string;
  startsOn: string;
}

/** Stores the hash of a fresh token for a pending entry and returns the raw token (for the email). */
async function createConfirmToken(db: Db, entryId: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto("waitlist_confirmations")
    .values({ token_hash: sha256(token), entry_id: entryId, created_at: now.toISOString() })
    .execute();
  return token;
}

type LinkState =
  | { state: "valid"; entryId: string; entry: ConfirmableEntry }
  | { state: Exclude<WaitlistConfirmState, "valid" | "confirmed"> };

/** The link's state now, with its entry's id when it may be confirmed. */
async function readLink(db: Db, token: string, now: Date): Promise<LinkState> {
  if (!isTokenShaped(token)) return { state: "invalid" };
  const row = await db
    .selectFrom("waitlist_confirmations")
    .innerJoin("waitlist_entries", "waitlist_entries.id", "waitlist_confirmations.entry_id")
    .innerJoin("course_editions", "course_editions.id", "waitlist_entries.edition_id")
    .innerJoin("courses", "courses.id", "course_editions.course_id")
    .select([
      "waitlist_entries.id",
      "waitlist_entries.status",
      "waitlist_entries.created_at",
      "courses.title",
      "course_editions.starts_on",
    ])
    .where("waitlist_confirmations.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.status === "waiting" || row.status === "offered" || row.status === "taken") return { state: "already" };
  if (row.status !== "pending" || row.created_at <= unconfirmedCutoff(now.toISOString())) return { state: "invalid" };
  return { state: "valid", entryId: row.id, entry: { courseTitle: row.title, startsOn: row.starts_on } };
}

/**
 * What a link says now: `valid` (its entry waits for confirmation, with the
 * entry's course and date), `already` (its entry is confirmed and still in the
 * list) or `invalid` (malformed, unknown, past its 48 h, or its entry is gone).
 * Reads only.
 */
export async function checkConfirmToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ state: Exclude<WaitlistConfirmState, "confirmed">; entry?: ConfirmableEntry }> {
  const link = await readLink(db, token, now);
  return link.state === "valid" ? { state: "valid", entry: link.entry } : link;
}

/**
 * The link's button: confirms its entry (a free seat may be offered to her at
 * once, its email queued). Only one use wins the conditional update of the
 * entry; a second one reads "already".
 */
export async function confirmByToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ state: Exclude<WaitlistConfirmState, "valid">; entry?: ConfirmableEntry }> {
  const link = await readLink(db, token, now);
  if (link.state !== "valid") return link;
  const done = await inTransaction(db, (trx) => confirmEntry(trx, link.entryId, now.toISOString()));
  if (done) return { state: "confirmed", entry: link.entry };
  // Someone (another tab, another click) was first, or the entry lapsed meanwhile.
  const after = await readLink(db, token, now);
  return { state: after.state === "already" ? "already" : "invalid" };
}

/**
 * "Confirma tu correo para la lista de espera", rendered when the worker sends
 * it and only while the entry is still pending and within its 48 h; in the
 * entry's language (the page she joined on).
 */
export const waitlistConfirmTemplate: EmailTemplate = {
  async render(ctx, payload) {
    if (typeof payload.entryId !== "string") return null;
    const row = await entryForEmail(ctx.db, payload.entryId);
    if (!row || row.status !== "pending") return null;
    if (row.created_at <= unconfirmedCutoff(ctx.now.toISOString())) return null;
    const { locale } = row;
    const t = serverTranslator(locale);
    const token = await createConfirmToken(ctx.db, row.id, ctx.now);
    const link = confirmEntryUrl(ctx.publicUrl, token, locale);
    const until = madridDateTimeText(new Date(Date.parse(row.created_at) + CONFIRM_TTL_MS), locale);
    const greeting = t("email.common.greeting");
    const intro = t("email.waitlist.confirm.intro", { what: entryWhat(row) });
    const how = t("email.waitlist.confirm.how", { until, hours: WAITLIST_CONFIRM_HOURS });
    const ignore = t("email.waitlist.confirm.ignore");
    const { html, text } = renderEmail({
      title: t("email.waitlist.confirm.title"),
      preheader: t("email.waitlist.confirm.preheader", { until }),
      bodyHtml: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
${emailButton(link, t("email.waitlist.confirm.button"))}
<p style="font-size:14px;color:#6B5A62">${escapeHtml(t("email.common.copyLink"))}<br><a href="${escapeHtml(link)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(link)}</a></p>
<p>${escapeHtml(ignore)}</p>`,
      bodyText: [
        greeting,
        "",
        intro,
        "",
        how,
        "",
        t("email.waitlist.confirm.buttonText", { url: link }),
        "",
        ignore,
      ].join("\n"),
      locale,
    });
    return {
      to: row.email,
      subject: t("email.waitlist.confirm.subject", { title: entryTitle(row), salon: site.name }),
      html,
      text,
    };
  },
};

/** Due 48 h after a join: the entry goes if it is still unconfirmed (its links with it). */
export function waitlistDropUnconfirmedHandler(deps: { db: Db }): JobHandler {
  return async (payload) => {
    if (typeof payload.entryId !== "string") return;
    await dropLapsedUnconfirmed(deps.db, { entryId: payload.entryId }, new Date().toISOString());
  };
}

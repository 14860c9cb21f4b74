/**
 * Confirming a waiting-list entry by email (issue 31): until its address is
 * confirmed an entry is `pending` and is never offered a seat. The link is made
 * when the email is rendered (as the account verification link is), so no
 * usable secret sits in the outbox; only its SHA-256 is stored
 * (`waitlist_confirmations`). It is single use and lasts as long as the entry
 * may stay unconfirmed (48 h from the join); confirming spends the entry's other
 * links. An unconfirmed entry past its 48 h is dropped by the job due then.
 */
import type { Db } from "~/db/db.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { site } from "~/content/site.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { WAITLIST_CONFIRM_HOURS, type WaitlistConfirmState } from "~/domain/waitlist-messages.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import { newToken, sha256 } from "~/lib/ids.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import { CONFIRM_TTL_MS, confirmEntry, dropLapsedUnconfirmed, unconfirmedCutoff } from "./waitlist.server.ts";

/** The page the emailed link opens. */
export const confirmEntryUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/lista-espera/confirmar/${token}`;

/** newToken(): 32 random bytes in base64url, 43 characters. Anything else is not a link we sent. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the link's page may show: the entry's own course and date, nothing else. */
export interface ConfirmableEntry {
  courseTitle: string;
  startsOn: string;
}

/** Stores the hash of a fresh token for a pending entry and returns the raw token (for the email). */
async function createConfirmToken(db: Db, entry: { id: string; created_at: string }, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto("waitlist_confirmations")
    .values({
      token_hash: sha256(token),
      entry_id: entry.id,
      expires_at: new Date(Date.parse(entry.created_at) + CONFIRM_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * What a link says now: `valid` (its entry waits for confirmation, with the
 * entry's course and date), `already` (spent, or its entry is confirmed and
 * still in the list) or `invalid` (malformed, unknown, expired, or its entry is
 * gone). Reads only.
 */
export async function checkConfirmToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ state: Exclude<WaitlistConfirmState, "confirmed">; entry?: ConfirmableEntry }> {
  if (!TOKEN_SHAPE.test(token)) return { state: "invalid" };
  const row = await db
    .selectFrom("waitlist_confirmations")
    .innerJoin("waitlist_entries", "waitlist_entries.id", "waitlist_confirmations.entry_id")
    .innerJoin("course_editions", "course_editions.id", "waitlist_entries.edition_id")
    .innerJoin("courses", "courses.id", "course_editions.course_id")
    .select([
      "waitlist_confirmations.used_at",
      "waitlist_confirmations.expires_at",
      "waitlist_entries.status",
      "waitlist_entries.created_at",
      "courses.title",
      "course_editions.starts_on",
    ])
    .where("waitlist_confirmations.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.status === "waiting" || row.status === "offered" || row.status === "taken") return { state: "already" };
  if (row.status !== "pending" || row.used_at) return { state: "invalid" };
  const nowIso = now.toISOString();
  if (row.expires_at <= nowIso || row.created_at <= unconfirmedCutoff(nowIso)) return { state: "invalid" };
  return { state: "valid", entry: { courseTitle: row.title, startsOn: row.starts_on } };
}

/**
 * The link's button: spends the token and confirms its entry in one
 * transaction (a free seat may be offered to her at once, its email queued).
 * Only one use wins the conditional update; a second one reads "already".
 */
export async function confirmByToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ state: Exclude<WaitlistConfirmState, "valid">; entry?: ConfirmableEntry }> {
  const checked = await checkConfirmToken(db, token, now);
  if (checked.state !== "valid") return { state: checked.state };
  const nowIso = now.toISOString();
  const done = await inTransaction(db, async (trx) => {
    const spent = await trx
      .updateTable("waitlist_confirmations")
      .set({ used_at: nowIso })
      .where("token_hash", "=", sha256(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", nowIso)
      .returning("entry_id")
      .executeTakeFirst();
    return spent ? confirmEntry(trx, spent.entry_id, nowIso) : false;
  });
  if (done) return { state: "confirmed", entry: checked.entry };
  // Someone (another tab, another click) was first, or the entry lapsed meanwhile.
  const after = await checkConfirmToken(db, token, now);
  return { state: after.state === "already" ? "already" : "invalid" };
}

/**
 * "Confirma tu correo para la lista de espera", rendered when the worker sends
 * it and only while the entry is still pending and within its 48 h.
 */
export const waitlistConfirmTemplate: EmailTemplate = {
  async render(ctx, payload) {
    if (typeof payload.entryId !== "string") return null;
    const row = await ctx.db
      .selectFrom("waitlist_entries")
      .innerJoin("course_editions", "course_editions.id", "waitlist_entries.edition_id")
      .innerJoin("courses", "courses.id", "course_editions.course_id")
      .select([
        "waitlist_entries.id",
        "waitlist_entries.email",
        "waitlist_entries.status",
        "waitlist_entries.created_at",
        "course_editions.starts_on",
        "courses.title",
      ])
      .where("waitlist_entries.id", "=", payload.entryId)
      .executeTakeFirst();
    if (!row || row.status !== "pending") return null;
    if (row.created_at <= unconfirmedCutoff(ctx.now.toISOString())) return null;
    const token = await createConfirmToken(ctx.db, row, ctx.now);
    const link = confirmEntryUrl(ctx.publicUrl, token);
    const until = madridDateTimeText(new Date(Date.parse(row.created_at) + CONFIRM_TTL_MS));
    const what = `«${row.title}», convocatoria del ${formatLongDate(row.starts_on)}`;
    const intro = `Alguien (seguramente tú) ha pedido que te avisemos en este correo si queda una plaza en ${what}.`;
    const how = `Para entrar en la lista de espera, confirma tu dirección antes del ${until} (${WAITLIST_CONFIRM_HOURS} horas). El enlace solo sirve una vez.`;
    const ignore = "Si no lo has pedido tú, no hagas nada: sin confirmar, borraremos tu correo de la lista.";
    const { html, text } = renderEmail({
      title: "Confirma tu correo para la lista de espera",
      preheader: `Confirma tu dirección antes del ${until} para entrar en la lista de espera.`,
      bodyHtml: `<p>Hola:</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
${emailButton(link, "Confirmar mi correo")}
<p style="font-size:14px;color:#6B5A62">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(link)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(link)}</a></p>
<p>${escapeHtml(ignore)}</p>`,
      bodyText: ["Hola:", "", intro, "", how, "", `Confirmar: ${link}`, "", ignore].join("\n"),
    });
    return {
      to: row.email,
      subject: `Confirma tu correo para la lista de espera: ${row.title} · ${site.name}`,
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

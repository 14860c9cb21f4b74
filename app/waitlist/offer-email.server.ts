/**
 * "Se ha liberado una plaza": the waiting-list offer, rendered when the worker
 * sends it and only while the offer is still live (taken, lapsed or removed
 * entries get nothing). Plus the lapse job: at the offer's end its seat goes
 * on to the next person even without any other traffic on the edition.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { site } from "~/content/site.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { entryForEmail, entryWhat } from "./waitlist.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import { releaseExpiredHolds } from "~/orders/seat-holds.server.ts";

export const waitlistOfferTemplate: EmailTemplate = {
  async render(ctx, payload) {
    if (typeof payload.entryId !== "string") return null;
    const row = await entryForEmail(ctx.db, payload.entryId);
    if (!row || row.status !== "offered" || !row.offer_expires_at) return null;
    if (row.offer_expires_at <= ctx.now.toISOString()) return null;
    const link = `${ctx.publicUrl}/formaciones/${encodeURIComponent(row.course_id)}`;
    const what = entryWhat(row);
    const until = madridDateTimeText(new Date(row.offer_expires_at));
    const intro = `Se ha liberado una plaza en ${what} y te la guardamos hasta el ${until}.`;
    const how = `Para reservarla, inicia sesión (o crea tu cuenta) con este mismo correo, ${row.email}, elige esa fecha y completa el pago antes de esa hora. Después la plaza pasará a la siguiente persona de la lista.`;
    const privacy = "Con este aviso hemos usado tu correo para lo que nos pediste; no lo usaremos para nada más.";
    const { html, text } = renderEmail({
      title: "Se ha liberado una plaza",
      preheader: `Te guardamos la plaza hasta el ${until}.`,
      bodyHtml: `<p>Hola:</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
${emailButton(link, "Reservar mi plaza")}
<p>${escapeHtml(privacy)}</p>`,
      bodyText: ["Hola:", "", intro, "", how, `Reservar: ${link}`, "", privacy].join("\n"),
    });
    return { to: row.email, subject: `Se ha liberado una plaza: ${row.title} · ${site.name}`, html, text };
  },
};

/** The offer's hold is over: lapsed offers (and expired holds) of the edition give their seats on. */
export function waitlistLapseHandler(deps: { db: Db }): JobHandler {
  return async (payload) => {
    if (typeof payload.editionId !== "string") return;
    const editionId = payload.editionId;
    await inTransaction(deps.db, (trx) => releaseExpiredHolds(trx, [editionId], new Date().toISOString()));
  };
}

/**
 * "Se ha liberado una plaza": the waiting-list offer, rendered when the worker
 * sends it and only while the offer is still live (taken, lapsed or removed
 * entries get nothing), in the entry's language (a Catalan one links to
 * /ca/formacions/<course>). Plus the lapse job: at the offer's end its seat goes
 * on to the next person even without any other traffic on the edition.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { site } from "~/content/site.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localHref } from "~/i18n/paths.ts";
import { entryForEmail, entryTitle, entryWhat } from "./waitlist.server.ts";
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
    // The language of the page she joined on (waitlist_entries.locale): its words, dates and links.
    const { locale } = row;
    const t = serverTranslator(locale);
    const link = `${ctx.publicUrl}${localHref(locale, `/formaciones/${encodeURIComponent(row.course_id)}`)}`;
    const until = madridDateTimeText(new Date(row.offer_expires_at), locale);
    const greeting = t("email.common.greeting");
    const intro = t("email.waitlist.offer.intro", { what: entryWhat(row), until });
    const how = t("email.waitlist.offer.how", { email: row.email });
    const privacy = t("email.waitlist.offer.privacy");
    const { html, text } = renderEmail({
      title: t("email.waitlist.offer.title"),
      preheader: t("email.waitlist.offer.preheader", { until }),
      bodyHtml: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
${emailButton(link, t("email.waitlist.offer.button"))}
<p>${escapeHtml(privacy)}</p>`,
      bodyText: [greeting, "", intro, "", how, t("email.waitlist.offer.buttonText", { url: link }), "", privacy].join(
        "\n",
      ),
      locale,
    });
    return {
      to: row.email,
      subject: t("email.waitlist.offer.subject", { title: entryTitle(row), salon: site.name }),
      html,
      text,
    };
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

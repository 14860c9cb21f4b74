/**
 * The shape shared by the salon's notices (orders and appointments): an intro,
 * label/value lines and a button to the back office; and where they go: the
 * address the owner set in Gestión › Avisos, else the configuration's
 * SALON_NOTIFY_EMAIL. The address is read when the worker renders the email,
 * so a change applies to every notice not sent yet.
 */
import type { Db } from "~/db/db.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { getNotifyAddress } from "./settings.server.ts";

export interface Notice {
  title: string;
  subject: string;
  /** Label/value lines, in order. */
  facts: [string, string][];
  intro: string;
}

/** The button to the back office: its address, its label in the HTML and in the plain text. */
export interface NoticeLink {
  url: string;
  label: string;
  textLabel: string;
}

/** The owner's address, else `fallback` (config.salonNotifyEmail); undefined: send nothing. */
export async function noticeAddress(db: Db, fallback: string | undefined): Promise<string | undefined> {
  return (await getNotifyAddress(db)) ?? fallback;
}

export function buildNotice(notice: Notice, to: string, link: NoticeLink): MailMessage {
  const rowsHtml = notice.facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const bodyHtml = `<p>${escapeHtml(notice.intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:16px 0">${rowsHtml}</table>
${emailButton(link.url, link.label)}
<p style="color:#6B5A62;font-size:14px">Puedes activar o desactivar estos avisos, y cambiar la dirección que los recibe, en Gestión › Avisos.</p>`;
  const bodyText = [
    notice.intro,
    "",
    ...notice.facts.map(([label, value]) => `${label}: ${value}`),
    "",
    `${link.textLabel}: ${link.url}`,
    "Estos avisos, y la dirección que los recibe, se cambian en Gestión › Avisos.",
  ].join("\n");
  const { html, text } = renderEmail({ title: notice.title, preheader: notice.subject, bodyHtml, bodyText });
  return { to, subject: notice.subject, html, text };
}

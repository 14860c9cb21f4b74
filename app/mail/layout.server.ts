import { hoursLines } from "~/content/hours.ts";
import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";

interface EmailContent {
  /** Heading inside the message (also the HTML <title>). */
  title: string;
  /** The grey line mail clients show after the subject. */
  preheader: string;
  /** Trusted HTML of the body: escape user data with escapeHtml(). */
  bodyHtml: string;
  bodyText: string;
  /** The client's language (the booking's, order's or account's): the frame's words and `<html lang>`. */
  locale?: Locale;
}

/** The opening days' words, from the catalogue (the times are facts: app/content/site.ts). */
interface RenderedEmail {
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A plum call-to-action button that survives Outlook and Gmail (table + inline styles). */
export function emailButton(href: string, label: string): string {
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:24px 0"><tr><td style="border-radius:999px;background:#5B1F3E"><a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;color:#ffffff;font-weight:600;text-decoration:none;border-radius:999px;font-family:Arial,Helvetica,sans-serif">${escapeHtml(label)}</a></td></tr></table>`;
}

/**
 * The salon's branded email frame (HTML + plain text), in the client's language. Inline styles
 * only: mail clients ignore stylesheets. The site's colours (plum #5B1F3E on blush
 * #F7E6EA, ink #2A1E24), each pair with at least 4.5:1 contrast.
 */
export function renderEmail({
  title,
  preheader,
  bodyHtml,
  bodyText,
  locale = DEFAULT_LOCALE,
}: EmailContent): RenderedEmail {
  const t = serverTranslator(locale);
  const footerLines = [
    site.name,
    site.address.full,
    t("email.layout.phoneLine", { phone: site.phone.display, email: site.email }),
    ...hoursLines(t),
  ];
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#F7E6EA;color:#2A1E24;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#F7E6EA">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background:#ffffff;border-radius:16px;border:1px solid #EAD7CC">
<tr><td style="padding:28px 32px 8px;border-bottom:2px solid #B8894B">
<p style="margin:0;font-family:Georgia,'Times New Roman',serif;font-size:26px;color:#5B1F3E;font-weight:bold">${escapeHtml(site.name)}</p>
<p style="margin:0 0 12px;color:#6B5A62;font-size:13px">${escapeHtml(t("common.brand.subtitle"))}</p>
</td></tr>
<tr><td style="padding:24px 32px">
<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:22px;color:#5B1F3E">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #EAD7CC;color:#6B5A62;font-size:13px">
${footerLines.map((l) => `<p style="margin:0">${escapeHtml(l)}</p>`).join("\n")}
<p style="margin:8px 0 0"><a href="${escapeHtml(site.url)}" style="color:#5B1F3E">${escapeHtml(site.url.replace(/^https?:\/\//, ""))}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = `${site.name}\n${"=".repeat(site.name.length)}\n\n${title}\n\n${bodyText.trim()}\n\n--\n${footerLines.join("\n")}\n${site.url}\n`;
  return { html, text };
}

/**
 * How a reply carries links: plain text with `[label](href)` where a link goes,
 * so the API keeps answering `{ response: string }` and a stored conversation
 * stays a list of strings. The widget turns them into links (message-text.tsx);
 * anything else in the text is shown as typed, never as HTML.
 *
 * Only these hrefs become links: site paths ("/formaciones/expert-nails"),
 * `tel:` numbers, the salon's WhatsApp (wa.me), its e-mail and the external
 * addresses listed in site.ts, plus the owner's external booking page when the
 * caller passes it (the widget knows it from the root loader). Any other
 * `[label](href)` shows its label only.
 */
import { site } from "~/content/site.ts";
import { SITE_BOOKING_PATH, type BookingLink } from "~/domain/booking-settings-form.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";

/** `[label](href)`; brackets in the label would end it early, so they are dropped. */
export function link(label: string, href: string): string {
  return `[${label.replace(/[[\]]/g, "")}](${href})`;
}

/** The salon phone as a tap-to-call link showing the number. */
export const phoneLink = () => link(site.phone.display, site.phone.href);

/** The salon WhatsApp with its usual opening message. */
export const whatsappLink = (label = "Escribir por WhatsApp") =>
  link(label, site.whatsapp.link(site.whatsapp.defaultMessage));

export const instagramLink = () => link(site.social.instagram.handle, site.social.instagram.url);
export const emailLink = () => link(site.email, `mailto:${site.email}`);
/** The site's booking page; answers.server.ts turns it into the owner's external page (followBookingLink). */
export const bookingLink = (label = "Reservar cita") => link(label, SITE_BOOKING_PATH);

/** A link to the site's booking page or one of its steps: "](/reservar)", "](/reservar?servicio=…)". */
const SITE_BOOKING_LINK = new RegExp(`\\]\\(${SITE_BOOKING_PATH}(?:[?#][^)\\s]*)?\\)`, "g");

/** Whether a reply links the site's booking page (or a step of it). */
export const linksSiteBooking = (text: string): boolean => text.search(SITE_BOOKING_LINK) >= 0;

/** Every "/reservar" link of a reply (a step's too), led to where the booking setting says. */
export function followBookingLink(text: string, booking: BookingLink): string {
  if (!booking.external) return text;
  return text.replace(SITE_BOOKING_LINK, () => `](${booking.href})`);
}
export const directionsLink = (label = "Cómo llegar (Google Maps)") => link(label, site.maps.directions);

/** A site path inside a reply's link: "](/formaciones/expert-nails)", "](/reservar?servicio=…)". */
const SITE_PATH_LINK = /\]\((\/(?!\/)[^)\s]*)\)/g;

/**
 * Every site link of a reply led to the page in `locale` (issue 34): on a Catalan
 * answer "/reservar" becomes "/ca/reserva" once that page has its Catalan version
 * (localHref; a page without one keeps its Spanish address). Run after
 * followBookingLink, which matches the Spanish booking path.
 */
export function localizeLinks(text: string, locale: Locale): string {
  if (locale === "es") return text;
  return text.replace(SITE_PATH_LINK, (_, href: string) => `](${localHref(locale, href)})`);
}

type LinkKind = "internal" | "external" | "tel";

type ReplySegment = { type: "text"; text: string } | { type: "link"; label: string; href: string; kind: LinkKind };

const KNOWN_EXTERNAL: readonly string[] = [
  site.externalBookingUrl,
  site.maps.place,
  site.maps.directions,
  site.social.instagram.url,
  site.social.facebook.url,
  site.social.threads.url,
  `mailto:${site.email}`,
];

/**
 * What kind of link `href` may be, or null when it must not become one.
 * `allowed`: further external addresses trusted now (the owner's booking page).
 */
export function linkKind(href: string, allowed: readonly string[] = []): LinkKind | null {
  // A site path: one leading slash (never "//host"), no scheme, no spaces or quotes.
  if (/^\/(?!\/)[\w\-./?=&%#~]*$/.test(href) && !href.includes("\\")) return "internal";
  if (/^tel:\+?\d{6,15}$/.test(href)) return "tel";
  if (href === `https://wa.me/${site.whatsapp.number}` || href.startsWith(`https://wa.me/${site.whatsapp.number}?`))
    return "external";
  if (KNOWN_EXTERNAL.includes(href) || (/^https:\/\//.test(href) && allowed.includes(href))) return "external";
  return null;
}

/** `[label](href)`; a label is one line of at most 120 characters. */
const LINK = /\[([^\]\n]{1,120})\]\(([^)\s]{1,600})\)/g;
/** A Spanish phone number written as people read it: "655 48 21 37", "655482137", "+34 655 48 21 37". */
const PHONE =
  /(?<![\w+])(?:\+34\s?)?[6789]\d{2}(?:\s?\d{2}){3}(?!\w)|(?<![\w+])(?:\+34\s?)?[6789]\d{2}(?:\s\d{3}){2}(?!\w)/g;

/** Bare phone numbers in plain text become tap-to-call links. */
function phoneSegments(text: string): ReplySegment[] {
  const out: ReplySegment[] = [];
  let last = 0;
  for (const m of text.matchAll(PHONE)) {
    const digits = m[0].replace(/\D/g, "").replace(/^34(?=\d{9}$)/, "");
    if (m.index > last) out.push({ type: "text", text: text.slice(last, m.index) });
    out.push({ type: "link", label: m[0], href: `tel:+34${digits}`, kind: "tel" });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: "text", text: text.slice(last) });
  return out;
}

/** Splits a reply into text and allowed links; a refused link keeps only its label, as text. */
export function parseReply(text: string, allowed: readonly string[] = []): ReplySegment[] {
  const out: ReplySegment[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const [, label, href] = m;
    out.push(...phoneSegments(text.slice(last, m.index)));
    const kind = linkKind(href, allowed);
    out.push(kind ? { type: "link", label, href, kind } : { type: "text", text: label });
    last = m.index + m[0].length;
  }
  out.push(...phoneSegments(text.slice(last)));
  // Adjacent text pieces (a refused link between two texts) read as one.
  return out.reduce<ReplySegment[]>((acc, s) => {
    const prev = acc.at(-1);
    if (s.type === "text" && prev?.type === "text") acc[acc.length - 1] = { type: "text", text: prev.text + s.text };
    else acc.push(s);
    return acc;
  }, []);
}

/** The reply as a person reads it on screen: labels instead of links (for tests and logs). */
export function visibleText(text: string): string {
  return parseReply(text)
    .map((s) => (s.type === "text" ? s.text : s.label))
    .join("");
}

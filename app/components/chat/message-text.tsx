import { Link } from "react-router";
import { site } from "~/content/site.ts";

/** Site pages the assistant may mention, linked in place. */
const INTERNAL_PATHS = ["/formaciones", "/contacto", "/terms", "/privacy", "/carrito"];
const TOKEN = new RegExp(`(https?://[^\\s]+|(?<![\\w/])(?:${INTERNAL_PATHS.join("|")})(?![\\w/-]))`, "g");

/** Readable link text for the addresses the assistant gives (they come from site.ts). */
function labelFor(url: string): string {
  if (url.startsWith(`https://wa.me/${site.whatsapp.number}`)) return `WhatsApp (${site.whatsapp.display})`;
  if (url === site.bookingUrl) return "Reserva tu cita online";
  if (url === site.maps.directions || url === site.maps.place) return "Cómo llegar (Google Maps)";
  if (url === site.social.instagram.url) return `Instagram ${site.social.instagram.handle}`;
  return url.replace(/^https?:\/\//, "");
}

/**
 * Renders a reply as text with its addresses turned into links. The reply is
 * plain text from our API; it is never injected as HTML.
 */
export function MessageText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    let token = match[0];
    // Sentence punctuation after an address is not part of it.
    const trailing = /[.,;:)]+$/.exec(token)?.[0] ?? "";
    token = token.slice(0, token.length - trailing.length);
    const start = match.index;
    parts.push(text.slice(last, start));
    if (token.startsWith("/")) {
      parts.push(
        <Link key={start} to={token}>
          {token}
        </Link>,
      );
    } else {
      parts.push(
        <a key={start} href={token} target="_blank" rel="noopener noreferrer">
          {labelFor(token)}
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>,
      );
    }
    last = start + token.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

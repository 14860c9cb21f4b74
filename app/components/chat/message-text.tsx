import { Link } from "react-router";
import { parseReply } from "~/chat/reply-format.ts";
import { useT } from "~/i18n/react.tsx";
import { useBookingLink } from "~/root-data.ts";

/**
 * Renders an assistant reply: its `[label](href)` links as links showing the
 * label, phone numbers as tap-to-call links, everything else as text. Only the
 * hrefs reply-format.ts allows become links; nothing is injected as HTML.
 */
export function MessageText({ text }: { text: string }) {
  // The owner's external booking page (Gestión → Reservas) is the one outside address a reply may link besides the fixed ones.
  const booking = useBookingLink();
  const t = useT();
  return (
    <>
      {parseReply(text, booking.external ? [booking.href] : []).map((s, i) => {
        if (s.type === "text") return s.text;
        if (s.kind === "internal") {
          return (
            <Link key={i} to={s.href}>
              {s.label}
            </Link>
          );
        }
        if (s.kind === "tel") {
          return (
            <a key={i} href={s.href}>
              {s.label}
            </a>
          );
        }
        return (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer">
            {s.label}
            <span className="visually-hidden"> {t("common.a11y.newTab")}</span>
          </a>
        );
      })}
    </>
  );
}

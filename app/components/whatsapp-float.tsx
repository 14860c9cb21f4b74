import { useEffect, useRef, useState } from "react";
import { site } from "~/content/site.ts";
import { useT } from "~/i18n/react.tsx";
import { CloseIcon, WhatsAppIcon } from "./layout/icons.tsx";

/** The button appears 2 s after the page loads; its tooltip hides 5 s after that. */
export const WHATSAPP_APPEAR_MS = 2000;
export const WHATSAPP_TOOLTIP_MS = 5000;
/** Narrower screens get the button alone: there the tooltip would sit on the page's own fields and buttons. */
const WHATSAPP_TOOLTIP_MEDIA = "(min-width: 768px)";
/** The tooltip greets a visitor once per browser session, not on every page. */
const WHATSAPP_TOOLTIP_SEEN_KEY = "an-whatsapp-tooltip-seen";

/** Whether this visit should see the tooltip (wide screen, not yet shown in this session); records that it was shown. */
function takeTooltipTurn(): boolean {
  if (!window.matchMedia?.(WHATSAPP_TOOLTIP_MEDIA).matches) return false;
  try {
    if (window.sessionStorage.getItem(WHATSAPP_TOOLTIP_SEEN_KEY)) return false;
    window.sessionStorage.setItem(WHATSAPP_TOOLTIP_SEEN_KEY, "1");
  } catch {
    // Storage blocked: show it; the worst case is one tooltip per page.
  }
  return true;
}

export function WhatsAppFloat() {
  const [visible, setVisible] = useState(false);
  const [tooltip, setTooltip] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setVisible(true);
      setTooltip(takeTooltipTurn());
    }, WHATSAPP_APPEAR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!tooltip) return;
    const timer = window.setTimeout(() => setTooltip(false), WHATSAPP_TOOLTIP_MS);
    // It never stays over what the person is using: any focus, tap, key or scroll elsewhere hides it.
    const hide = (event: Event) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setTooltip(false);
    };
    const events = ["focusin", "pointerdown", "keydown", "scroll"] as const;
    for (const name of events) window.addEventListener(name, hide, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, hide, { capture: true });
    };
  }, [tooltip]);

  // Rendered only on the client after the delay: it is fixed-positioned, so no layout shift.
  if (!visible) return null;

  return (
    <div className="whatsapp-float" ref={rootRef}>
      {tooltip ? (
        <div className="whatsapp-float__tooltip">
          <p>{t("common.whatsapp.tooltip")}</p>
          <button type="button" className="whatsapp-float__close" onClick={() => setTooltip(false)}>
            <CloseIcon size={16} />
            <span className="visually-hidden">{t("common.whatsapp.closeTooltip")}</span>
          </button>
        </div>
      ) : null}
      <a
        className="whatsapp-float__button"
        href={site.whatsapp.link(t("common.whatsapp.defaultMessage", { name: site.name }))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${t("common.whatsapp.write")} ${t("common.a11y.newTab")}`}
      >
        <WhatsAppIcon size={30} />
      </a>
    </div>
  );
}

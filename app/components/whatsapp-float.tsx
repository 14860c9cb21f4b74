import { useEffect, useState } from "react";
import { site } from "~/content/site.ts";
import { CloseIcon, WhatsAppIcon } from "./layout/icons.tsx";

/** The button appears 2 s after the page loads; its tooltip hides 5 s after that. */
export const WHATSAPP_APPEAR_MS = 2000;
export const WHATSAPP_TOOLTIP_MS = 5000;

export function WhatsAppFloat() {
  const [visible, setVisible] = useState(false);
  const [tooltip, setTooltip] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setVisible(true);
      setTooltip(true);
    }, WHATSAPP_APPEAR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!tooltip) return;
    const timer = window.setTimeout(() => setTooltip(false), WHATSAPP_TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [tooltip]);

  // Rendered only on the client after the delay: it is fixed-positioned, so no layout shift.
  if (!visible) return null;

  return (
    <div className="whatsapp-float">
      {tooltip ? (
        <div className="whatsapp-float__tooltip">
          <p>¿Tienes dudas? Escríbenos por WhatsApp y te respondemos enseguida.</p>
          <button type="button" className="whatsapp-float__close" onClick={() => setTooltip(false)}>
            <CloseIcon size={16} />
            <span className="visually-hidden">Cerrar aviso de WhatsApp</span>
          </button>
        </div>
      ) : null}
      <a
        className="whatsapp-float__button"
        href={site.whatsapp.link(site.whatsapp.defaultMessage)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Escríbenos por WhatsApp (se abre en una pestaña nueva)"
      >
        <WhatsAppIcon size={30} />
      </a>
    </div>
  );
}

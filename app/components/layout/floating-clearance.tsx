import { useEffect } from "react";

/** The floating widgets that sit over the page's corners (WhatsApp bottom left, the assistant bottom right). */
const FLOATING_SELECTOR = ".whatsapp-float, .chat-launcher";

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Keeps a focused control out from under the floating widgets: when focus lands on
 * something they cover, it scrolls into view, and the bottom scroll padding (app.css)
 * stops it above them. Browsers only scroll a focused element that is out of view,
 * and a control under a fixed button counts as in view.
 */
export function FloatingClearance() {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.closest(FLOATING_SELECTOR)) return;
      const rect = target.getBoundingClientRect();
      const covered = Array.from(document.querySelectorAll(FLOATING_SELECTOR)).some((el) =>
        overlaps(rect, el.getBoundingClientRect()),
      );
      if (covered) target.scrollIntoView({ block: "nearest", inline: "nearest" });
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);
  return null;
}

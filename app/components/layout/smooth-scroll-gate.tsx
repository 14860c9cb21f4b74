import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, type Location } from "react-router";

/** Only a new #hash on the same page is a scroll within the page; anything else is another page. */
function withinPage(previous: Location | null, next: Location): boolean {
  return (
    previous !== null &&
    previous.pathname === next.pathname &&
    previous.search === next.search &&
    next.hash !== "" &&
    next.hash !== previous.hash
  );
}

/**
 * Smooth scrolling (app.css: `html[data-smooth-scroll]`, never with reduced motion)
 * is for links within a page. `<ScrollRestoration>`, rendered right after this,
 * scrolls every other navigation (to the top, to a restored position, to a #hash on
 * the new page) with `window.scrollTo`/`scrollIntoView` in a layout effect, which
 * the rule would animate from the old page's position down or up through the new
 * one. So the attribute is removed in this layout effect, which runs before that
 * one, and set again in a passive effect, after it. It is absent from the server's
 * HTML: React Router's inline restoration on a reload jumps too.
 */
export function SmoothScrollGate() {
  const location = useLocation();
  const previous = useRef<Location | null>(null);
  useLayoutEffect(() => {
    if (!withinPage(previous.current, location)) {
      const root = document.documentElement;
      delete root.dataset.smoothScroll;
      // Chrome's scrollTo(0, 0) does not bring styles up to date (nothing to clamp), so it
      // would still read `smooth`: reading the property now recomputes the root's style.
      void getComputedStyle(root).scrollBehavior;
    }
    previous.current = location;
  }, [location]);
  useEffect(() => {
    document.documentElement.dataset.smoothScroll = "";
  }, [location]);
  return null;
}

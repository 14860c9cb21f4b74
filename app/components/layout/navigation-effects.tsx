import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";

/** Scrolls to the top on every path change (not on hash or query changes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // With a hash (footer links to /#servicios) React Router scrolls to the anchor instead.
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A thin bar at the top of the window while a navigation is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="nav-progress" role="progressbar" aria-label="Cargando página" />;
}

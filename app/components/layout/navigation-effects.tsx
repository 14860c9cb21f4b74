import { useNavigation } from "react-router";
import { useT } from "~/i18n/react.tsx";

/** A thin bar at the top of the window while a navigation is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const t = useT();
  if (navigation.state === "idle") return null;
  return <div className="nav-progress" role="progressbar" aria-label={t("common.a11y.loadingPage")} />;
}

import { useNavigation } from "react-router";

/** A thin bar at the top of the window while a navigation is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="nav-progress" role="progressbar" aria-label="Cargando página" />;
}

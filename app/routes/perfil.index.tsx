import { redirect } from "react-router";
import { profileRedirectTarget } from "~/components/account/profile-sections.ts";
import type { Route } from "./+types/perfil.index";

// /perfil and the old /perfil?tab=… links: on to the section's own URL.
// `url`, not request.url: on a client navigation the latter is the raw data request.
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(profileRedirectTarget(url));
}

// Never rendered (the loader always redirects); a component keeps this a page
// route, so client-side links to /perfil follow the redirect like any navigation.
export default function ProfileIndex() {
  return null;
}

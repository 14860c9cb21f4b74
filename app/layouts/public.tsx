import { Outlet } from "react-router";
import { SiteShell } from "~/components/layout/site-shell.tsx";
import { useRootData } from "~/root-data.ts";

/**
 * The public area: every visitor page, the account pages included, inside the
 * shop's frame (header, footer, cart, WhatsApp, chat). The user shown in the
 * header comes from the root loader.
 */
export default function PublicLayout() {
  const user = useRootData()?.user ?? null;
  return (
    <SiteShell user={user}>
      <Outlet />
    </SiteShell>
  );
}

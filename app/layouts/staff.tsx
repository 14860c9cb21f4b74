import { Outlet } from "react-router";
import { getUser, requireStaffMiddleware } from "~/auth/user-context.server.ts";
import { StaffShell } from "~/components/staff/staff-shell.tsx";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import type { Route } from "./+types/staff";

/**
 * The staff area under /gestion: its own plain frame, kept out of search engines.
 * The middleware lets in signed-in users with a staff role only: visitors go to
 * /login, customers get a 403 (rendered by the root error boundary in the staff
 * frame), and a staff session without the second factor goes back to sign-in.
 */
export const middleware: Route.MiddlewareFunction[] = [requireStaffMiddleware];

// Besides naming who is signed in, a loader here makes every client navigation
// into the area ask the server, so the middleware always runs. It sends, in
// Spanish (the staff area's one language), the words of the order pieces the
// area shares with the shop: lines tables and status badges ("orders").
export function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  return { user: { name: user.displayName || user.email, role: user.role }, messages: messagesFor("es", ["orders"]) };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell user={loaderData.user}>
      <Outlet />
    </StaffShell>
  );
}

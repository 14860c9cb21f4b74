import { Outlet } from "react-router";
import { staffNoindexMiddleware } from "~/auth/user-context.server.ts";
import { StaffShell } from "~/components/staff/staff-shell.tsx";
import type { Route } from "./+types/staff-plain";

/**
 * The staff pages that come before a staff session — the activation link and the
 * second factor — in the back office's frame without a user or sections. They
 * make their own checks (an invitation token, a sign-in challenge).
 */
export const middleware: Route.MiddlewareFunction[] = [staffNoindexMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffPlainLayout() {
  return (
    <StaffShell>
      <Outlet />
    </StaffShell>
  );
}

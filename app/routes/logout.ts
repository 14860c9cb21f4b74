import { redirect } from "react-router";
import { destroySession } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import type { Route } from "./+types/logout";

/** Signing out changes state: POST only (CSRF-checked); a GET just goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const cookie = await destroySession(request, context);
    return redirect("/", { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    // A failed sign-out is only logged: the visitor still lands on the home page.
    getServices(context).logger.error({ err }, "logout failed");
    return redirect("/");
  }
}

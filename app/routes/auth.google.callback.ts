import { redirect } from "react-router";
import { clearOidcCookie, finishGoogleSignIn, GoogleSignInError, openOidcCookie } from "~/auth/google.server.ts";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { findUserById } from "~/auth/accounts.server.ts";
import { createSession } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import { isRole, isStaffRole } from "~/domain/roles.ts";
import { staffSignInRedirect } from "~/staff/auth/challenges.server.ts";
import type { Route } from "./+types/auth.google.callback";

/** Google sends the browser back here with ?code&state (or ?error). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { config, logger, db } = services;
  const intent = openOidcCookie(config, request.headers.get("cookie"))?.intent ?? "login";
  const failure = `${intent === "register" ? "/registro" : "/login"}?error=google`;
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", clearOidcCookie(config));
  try {
    const { userId, redirectTo, created, claimed } = await finishGoogleSignIn(services, request);
    const role = (await findUserById(db, userId))?.role;
    if (isRole(role) && isStaffRole(role)) {
      // Staff: Google stands for the password; the second factor still comes before any session.
      const next = await staffSignInRedirect(db, config, userId, redirectTo, headers);
      if (next) logger.info({ userId }, "Google correcto para el equipo: falta el segundo factor");
      else logger.warn({ userId }, "cuenta del equipo sin segundo factor: inicio con Google rechazado");
      return next ?? redirect(failure, { headers });
    }
    headers.append("Set-Cookie", await createSession(context, userId));
    if (claimed) logger.warn({ userId }, "cuenta sin verificar reclamada con Google: contraseña eliminada y sesiones cerradas");
    else logger.info({ userId, created }, "inicio de sesión con Google");
    return redirect(safeRedirect(redirectTo, "/"), { headers });
  } catch (err) {
    const cause = err instanceof GoogleSignInError ? { reason: err.message, cause: String(err.cause ?? "") } : { err };
    logger.warn(cause, "google sign-in refused");
    return redirect(failure, { headers });
  }
}

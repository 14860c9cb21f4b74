import { redirect } from "react-router";
import { GoogleSignInError, startGoogleSignIn, type GoogleIntent } from "~/auth/google.server.ts";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { getServices } from "~/context.server.ts";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locales.ts";
import type { Route } from "./+types/auth.google";

/** Starts Google sign-in: remembers state/nonce/PKCE in a signed cookie and goes to the issuer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const intent: GoogleIntent = url.searchParams.get("intent") === "register" ? "register" : "login";
  const back = intent === "register" ? "/registro" : "/login";
  if (!services.config.google) return redirect(back);
  // The language of the page the button was on (GoogleButton sends it): a new account is made in it.
  const asked = url.searchParams.get("locale");
  try {
    const { url: target, setCookie } = await startGoogleSignIn(services, {
      intent,
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/"),
      locale: isLocale(asked) ? asked : DEFAULT_LOCALE,
    });
    return redirect(target, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
  } catch (err) {
    services.logger.error({ err: err instanceof GoogleSignInError ? err.message : err }, "google sign-in start failed");
    return redirect(`${back}?error=google`);
  }
}

/**
 * Where a signed-out visitor of a private page is sent: the sign-in page in the
 * page's language (/login, or /ca/inici-sessio from a Catalan page), with the
 * way back in `redirectTo` (the page's own address and query). The sign-in
 * page checks `redirectTo` again (safeRedirect: this site's paths only). Pure.
 */
import { localeOfPath } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";

export function signInRedirectPath(url: URL): string {
  const back = `${url.pathname}${url.search}`;
  return localHref(localeOfPath(url.pathname), `/login?redirectTo=${encodeURIComponent(back)}`);
}

import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { getOptionalUser } from "./auth/session.server.ts";
import { getBookingLink } from "./bookings/booking-settings.server.ts";
import { ErrorPage } from "./components/layout/error-page.tsx";
import { SiteShell } from "./components/layout/site-shell.tsx";
import { SmoothScrollGate } from "./components/layout/smooth-scroll-gate.tsx";
import { isStaffPath, StaffShell } from "./components/staff/staff-shell.tsx";
import { getServices } from "./context.server.ts";
import { messagesFor } from "./i18n/catalogue.server.ts";
import { WithFallbackMessages } from "./i18n/fallback-messages.tsx";
import { localeOfPath, localeOfRequest } from "./i18n/locales.ts";
import { localizedPath } from "./i18n/paths.ts";
import { useRootData, type RootLoaderData, type RootUser } from "./root-data.ts";
import stylesHref from "./styles/app.css?url";
import staffStylesHref from "./styles/staff-area.css?url";
import { appCss } from "./styles/inline-css.ts";
// Subset brand fonts written by `npm run fonts` (scripts/build-fonts.ts) before every build.
import frauncesHref from "./styles/fonts/fraunces.woff2?url";
import interHref from "./styles/fonts/inter.woff2?url";

// The document and the top error boundary only. Each area's frame (shop, account,
// staff) is a layout route in app/layouts/, listed in app/routes.ts.

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootLoaderData> {
  const { config, db } = getServices(context);
  const [authUser, booking] = await Promise.all([getOptionalUser(request, context), getBookingLink(db)]);
  const user: RootUser | null = authUser
    ? { id: authUser.id, email: authUser.email, displayName: authUser.displayName, firstName: authUser.firstName }
    : null;
  // Canonical and og:url are built from PUBLIC_URL, never from the request's Host header.
  const origin = new URL(config.publicUrl).origin;
  const locale = localeOfRequest(request);
  const offersCatalan = locale === "es" && localizedPath(new URL(request.url).pathname, "ca") !== null;
  const languageOffer = offersCatalan ? messagesFor("ca", ["offer"]) : null;
  return { user, origin, booking, locale, messages: messagesFor(locale, ["common"]), languageOffer };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const signedIn = !!useRootData()?.user;
  // The back office's styles stay out of the shop's inlined sheet; every /gestion page
  // (its error pages and the steps before sign-in included) links them.
  const { pathname } = useLocation();
  const staff = isStaffPath(pathname);
  return (
    <html lang={localeOfPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5B1F3E" />
        {/* For visitors the stylesheet is inlined (app/styles/inline-css.ts): no render-blocking request.
            With a precedence React emits it first in <head>, ahead of the hoisted
            modulepreloads and JSON-LD; the client finds it by its href and keeps it. */}
        {signedIn ? (
          // Signed-in pages are rendered for each request: the file (cached for a year) keeps
          // them 55 KB lighter to render and send than with the styles inlined.
          <link rel="stylesheet" href={stylesHref} precedence="default" />
        ) : (
          <style href="app-css" precedence="default">
            {appCss}
          </style>
        )}
        {staff ? <link rel="stylesheet" href={staffStylesHref} precedence="default" /> : null}
        {/* Both faces are on every first view (headings and text): fetched at once. Measured without
            the preloads: they still arrive before the first paint, only the swap comes later. */}
        <link rel="preload" href={frauncesHref} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="preload" href={interHref} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* Before <ScrollRestoration>: its layout effect must run first (smooth-scroll-gate.tsx). */}
        <SmoothScrollGate />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Browser tests wait for this marker before clicking (set by pages and error pages alike). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useHydratedMarker();
  return <Outlet />;
}

/**
 * Every error no route handles lands here, including a middleware's refusal (the
 * staff area's 403), which React Router renders at the root. No layout is mounted
 * then, so this draws the frame itself: the staff bar under /gestion, the shop
 * elsewhere.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Present unless no loader ran (the root loader failed, or a middleware refused
  // first); the shop header then shows its signed-out state.
  const rootData = useRootData();
  const { pathname } = useLocation();
  useHydratedMarker();
  const page = isStaffPath(pathname) ? (
    <StaffShell>
      <ErrorPage error={error} />
    </StaffShell>
  ) : (
    <SiteShell user={rootData?.user ?? null}>
      <ErrorPage error={error} />
    </SiteShell>
  );
  // The root loader sends the frame's words (header, footer, this page; a 404 included). When it did
  // not run, they come from the catalogue itself, fetched for this page only (fallback-messages.tsx).
  if (rootData) return page;
  return <WithFallbackMessages locale={localeOfPath(pathname)}>{page}</WithFallbackMessages>;
}

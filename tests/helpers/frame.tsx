/**
 * Renders a piece of the site's frame (header, footer, floating buttons) the way
 * a page shows it: under the root route with the root loader's data, the
 * "common" slice of the catalogue in the URL's language included.
 */
import type { ReactElement, ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { site } from "~/content/site.ts";
import type { BookingLink } from "~/domain/booking-settings-form.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath } from "~/i18n/locales.ts";
import type { RootLoaderData, RootUser } from "~/root-data.ts";

export function rootDataFor(
  path: string,
  extra: { user?: RootUser | null; booking?: BookingLink; languageOffer?: RootLoaderData["languageOffer"] } = {},
): RootLoaderData {
  const locale = localeOfPath(path);
  return {
    user: extra.user ?? null,
    origin: site.url,
    booking: extra.booking ?? { href: "/reservar", external: false },
    locale,
    messages: messagesFor(locale, ["common"]),
    languageOffer: extra.languageOffer ?? null,
  };
}

/** A router at `path` whose root route (id "root", any path) draws `render()` with that data already loaded. */
export function frameAt(
  path: string,
  render: () => ReactNode,
  opts: { user?: RootUser | null; booking?: BookingLink; languageOffer?: RootLoaderData["languageOffer"] } = {},
): ReactElement {
  const data = rootDataFor(path, opts);
  const Stub = createRoutesStub([{ id: "root", path: "*", loader: () => data, Component: () => <>{render()}</> }]);
  return <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: data } }} />;
}

import { Outlet } from "react-router";
import { requireUserMiddleware } from "~/auth/user-context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import type { Route } from "./+types/account";

/**
 * The account area (a pathless layout inside the public one): pages and files
 * about one signed-in person. The middleware runs before any loader or action
 * below, sends visitors to /login?redirectTo=<path> (the Catalan sign-in from
 * a Catalan page) and puts the user in the request's context, where
 * `getUser(context)` reads it.
 *
 * It runs on document requests, on resource routes and on every client
 * navigation that asks the server for data; every page here has a loader, so
 * none is reached without a check.
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

/**
 * The words the area's pages share, in the page's language: an order's lines,
 * its chosen edition and its status badges ("orders": the purchases, the
 * withdrawal, the checkout). Each page's loader sends its own namespace besides.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(localeOfRequest(request), ["orders"]) };
}

export default function AccountLayout() {
  return <Outlet />;
}

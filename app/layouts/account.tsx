import { Outlet } from "react-router";
import { requireUserMiddleware } from "~/auth/user-context.server.ts";
import type { Route } from "./+types/account";

/**
 * The account area (a pathless layout inside the public one): pages and files
 * about one signed-in person. The middleware runs before any loader or action
 * below, sends visitors to /login?redirectTo=<path> and puts the user in the
 * request's context, where `getUser(context)` reads it.
 *
 * It runs on document requests, on resource routes and on every client
 * navigation that asks the server for data; every page here has a loader, so
 * none is reached without a check.
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export default function AccountLayout() {
  return <Outlet />;
}

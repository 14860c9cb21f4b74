/**
 * The signed-in user of the account and staff areas, resolved once per request by
 * the area's middleware (app/layouts/account.tsx, app/layouts/staff.tsx) and read
 * by their loaders and actions with `getUser(context)`.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isOwnerRole, isStaffRole } from "~/domain/roles.ts";
import { requireUser, type AuthUser } from "./session.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** No default: reading it outside an area whose middleware set it is a programming error (it throws). */
export const userContext = createContext<AuthUser>();

/** The user the area's middleware put in this request's context. */
export function getUser(context: Ctx): AuthUser {
  return context.get(userContext);
}

/**
 * Requires a session: stores its user in the context, or throws the redirect to
 * /login?redirectTo=<path and query> that brings the visitor back afterwards.
 * `url` is the page's URL (React Router's normalized `url` argument).
 */
export async function provideUser(request: Request, context: Ctx, url?: URL): Promise<AuthUser> {
  const user = await requireUser(request, context, url);
  context.set(userContext, user);
  return user;
}

/**
 * As provideUser, for the staff area: a signed-in user without a staff role gets a
 * 403; a staff member whose session was not opened with the second factor is sent
 * to sign in again (staff sign-in always asks for it).
 */
export async function provideStaff(request: Request, context: Ctx, url?: URL): Promise<AuthUser> {
  const user = await requireUser(request, context, url);
  if (!isStaffRole(user.role)) throw data("Acceso restringido al equipo", { status: 403 });
  if (!user.secondFactor) {
    const here = url ?? new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(here.pathname + here.search)}`);
  }
  context.set(userContext, user);
  return user;
}

/** Inside the staff area: the owner only (staff management, audit log); others get a 403. */
export function requireOwner(context: Ctx): AuthUser {
  const user = getUser(context);
  if (!isOwnerRole(user.role)) throw data("Solo la propietaria puede hacer esto", { status: 403 });
  return user;
}

/** Middleware of the account area: every loader and action below it has a user. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }) => {
  await provideUser(request, context, url);
};

/** Staff pages reached without a staff session (activation, second factor): kept out of search engines. */
export const staffNoindexMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/** Middleware of the staff area; its responses also tell crawlers to stay out. */
export const requireStaffMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  await provideStaff(request, context, url);
  const response = await next();
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

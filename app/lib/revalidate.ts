import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For pages whose loader ignores the query string (the course filter, `?add=` in the
 * cart): a navigation that only changes the query must not refetch the loader.
 */
export function skipQueryOnlyRevalidation({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

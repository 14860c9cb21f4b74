import { createContext, type RouterContextProvider } from "react-router";
import type { AppServices } from "./services.server.ts";

export const servicesContext = createContext<AppServices>();
/** The CSP nonce of this response, used by entry.server for inline scripts; empty for a page rendered for the shared anonymous cache (server/page-cache.ts). */
export const nonceContext = createContext<string>();
/** The visitor's address (Express req.ip, proxy-aware): per-address rate limits. */
export const clientIpContext = createContext<string>("unknown");

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

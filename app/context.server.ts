import { createContext, type RouterContextProvider } from "react-router";
import { networkOf } from "./lib/network.ts";
import type { AppServices } from "./services.server.ts";

export const servicesContext = createContext<AppServices>();
/** The CSP nonce of this response, used by entry.server for inline scripts; empty for a page rendered for the shared anonymous cache (server/page-cache.ts). */
export const nonceContext = createContext<string>();
/** The visitor's address (Express req.ip, proxy-aware): per-address rate limits. */
export const clientIpContext = createContext<string>("unknown");

/**
 * The visitor's network (app/lib/network.ts: an IPv4 address, or an IPv6 /64):
 * what every per-address limit counts, so one subscriber's many IPv6
 * addresses share one limit.
 */
export function clientNetwork(context: Readonly<RouterContextProvider>): string {
  return networkOf(context.get(clientIpContext));
}

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

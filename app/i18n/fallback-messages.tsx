/**
 * The frame's words ("common") for the one page no loader fed: the root error
 * page when a middleware refused the request before any loader ran (the staff
 * area's 403) or the root loader itself failed. Every other page gets them from
 * the root loader. The "common" slice of the page's language (a virtual module
 * the build makes from the catalogue: vite.config.ts) is fetched as its own
 * chunk only here, so ordinary pages never carry it; the server renders the
 * page complete (entry.server.tsx waits for everything), and the browser
 * hydrates it once the chunk has arrived.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import type { Locale } from "./locales.ts";
import type { Messages } from "./messages.ts";
import { FallbackMessages } from "./react.tsx";

type Provider = ComponentType<{ children: ReactNode }>;

function providerFor(load: () => Promise<{ default: Messages }>) {
  return lazy(async (): Promise<{ default: Provider }> => {
    const messages = (await load()).default;
    return {
      default: ({ children }) => <FallbackMessages.Provider value={messages}>{children}</FallbackMessages.Provider>,
    };
  });
}

const PROVIDERS: Record<Locale, Provider> = {
  es: providerFor(() => import("virtual:common-messages/es")),
  ca: providerFor(() => import("virtual:common-messages/ca")),
};

export function WithFallbackMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const Provide = PROVIDERS[locale];
  return (
    <Suspense fallback={null}>
      <Provide>{children}</Provide>
    </Suspense>
  );
}

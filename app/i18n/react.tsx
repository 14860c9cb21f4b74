/**
 * The React side of the catalogues: the page's language (from its URL) and
 * `useT`, which reads the slices of the catalogue the matched routes' loaders
 * sent (messages.ts). `Rich` renders a message whose tags become elements.
 */
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import type { MessagePart, MessageValues } from "./icu.ts";
import { localeOfPath, type Locale } from "./locales.ts";
import { localHref } from "./paths.ts";
import { hasMessages, translator, type MessageKey, type Messages, type Translate } from "./messages.ts";

/** The language of the page being shown: its URL's. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/**
 * Messages given from outside loader data: the root error page's, when no loader
 * ran (a middleware refused first, or the root loader failed; fallback-messages.tsx).
 */
export const FallbackMessages = createContext<Messages | null>(null);

/** The translate function over every matched route's slice of the catalogue, in the page's language. */
export function useT(): Translate {
  const matches = useMatches();
  const locale = useLocale();
  const fallback = useContext(FallbackMessages);
  // useMatches hands out the same array until the router's state changes: merged once per navigation.
  return useMemo(() => {
    const merged: Record<string, string> = { ...fallback };
    for (const m of matches) if (hasMessages(m.loaderData)) Object.assign(merged, m.loaderData.messages);
    return translator(locale, merged as Messages);
  }, [locale, matches, fallback]);
}

type TagRenderers = Readonly<Record<string, (children: ReactNode) => ReactNode>>;

function renderParts(parts: readonly MessagePart[], tags: TagRenderers): ReactNode[] {
  return parts.map((part, i) => {
    if (typeof part === "string") return <Fragment key={i}>{part}</Fragment>;
    const render = tags[part.tag];
    const children = renderParts(part.children, tags);
    return <Fragment key={i}>{render ? render(children) : children}</Fragment>;
  });
}

/** A message with tags: `<Rich t={t} k="legal.intro" tags={{ link: (c) => <a href="/x">{c}</a> }} />`. */
export function Rich({
  t,
  k,
  values,
  tags,
}: {
  t: Translate;
  k: MessageKey;
  values?: MessageValues;
  tags: TagRenderers;
}): ReactNode {
  return <>{renderParts(t.parts(k, values), tags)}</>;
}

/** `localHref` for the page being shown: a link to a Spanish page, in this page's language where it exists. */
export function useLocalHref(): (spanishHref: string) => string {
  const locale = useLocale();
  return (href) => localHref(locale, href);
}

/**
 * The meta of an account page (never indexed): its title and description in the
 * page's language, from the slices the matched loaders sent. The profile's
 * sections have their words in the /perfil layout's slice, so they read every
 * match's, as useT does.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site.ts";
import { localeOfPath } from "~/i18n/locales.ts";
import { hasMessages, translator, type MessageKey, type Messages } from "~/i18n/messages.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";

interface MetaArgs {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}

export function accountMeta(
  { matches, location }: MetaArgs,
  page: { title: MessageKey; description: MessageKey; path: string },
): MetaDescriptor[] {
  const locale = localeOfPath(location.pathname);
  const merged: Record<string, string> = {};
  for (const m of matches) if (m && hasMessages(m.loaderData)) Object.assign(merged, m.loaderData.messages);
  const t = translator(locale, merged as Messages);
  return pageMeta({
    title: t(page.title),
    description: t(page.description, { salon: site.name }),
    path: page.path,
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
}

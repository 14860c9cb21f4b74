/**
 * The link to the same page in the other language (issue 34, item 1): same
 * page, same query. Shown only where the other version exists (paths.ts).
 * Written in the language it leads to, with its lang and hreflang, so a screen
 * reader reads "Català" in Catalan.
 */
import { useLocation } from "react-router";
import { LOCALE_INFO, otherLocale } from "./locales.ts";
import { localizedPath } from "./paths.ts";
import { useLocale, useT } from "./react.tsx";

export function LanguageSwitcher({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const locale = useLocale();
  const t = useT();
  const target = otherLocale(locale);
  const path = localizedPath(pathname, target);
  if (!path) return null;
  return (
    <a className={className ?? "language-switcher"} href={`${path}${search}${hash}`} hrefLang={target} lang={target}>
      {LOCALE_INFO[target].name}
      {/* Its name starts with the visible word (WCAG 2.5.3), then says what it does, in this page's language. */}
      <span className="visually-hidden" lang={locale}>
        {` (${t("common.language.switchTo")})`}
      </span>
    </a>
  );
}

/**
 * The one-time offer of the Catalan page (issue 34, item 1): a first visit to a
 * Spanish page whose browser prefers Catalan to Spanish sees one line, written
 * in Catalan, with a link to the same page in Catalan. Never a redirect. Shown
 * once: the browser remembers it was offered (localStorage), whatever the
 * visitor does with it. Its words come in the root loader's data (only on
 * Spanish pages with a Catalan version), so the same cached page serves every
 * visitor: the decision is made in the browser, after hydration, and the box
 * floats over the page (no layout shift). Its keys (offer.language.*) are
 * each language's offer of itself; only the Catalan one is shown today.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon } from "~/components/layout/icons.tsx";
import { useRootData } from "~/root-data.ts";
import { prefersCatalan } from "./locales.ts";
import { translator } from "./messages.ts";
import { localizedPath } from "./paths.ts";

export const OFFER_STORAGE_KEY = "an-language-offer";

export function LanguageOffer() {
  const offer = useRootData()?.languageOffer ?? null;
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  const target = offer ? localizedPath(pathname, "ca") : null;

  useEffect(() => {
    if (!offer || !target) return;
    try {
      if (window.localStorage.getItem(OFFER_STORAGE_KEY)) return;
      if (!prefersCatalan(navigator.languages)) return;
      window.localStorage.setItem(OFFER_STORAGE_KEY, new Date().toISOString());
      setOpen(true);
    } catch {
      // Storage refused (private mode, blocked): without a memory, no offer rather than one on every page.
    }
    // Decided once, on the first page the visitor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!open || !offer || !target) return null;
  const t = translator("ca", offer);
  return (
    <aside className="language-offer" lang="ca" aria-label={t("offer.language.label")}>
      <p>
        {t("offer.language.text")}{" "}
        <a href={`${target}${search}${hash}`} hrefLang="ca" onClick={() => setOpen(false)}>
          {t("offer.language.accept")}
        </a>
      </p>
      <button type="button" className="language-offer__close" onClick={() => setOpen(false)}>
        <CloseIcon size={18} />
        <span className="visually-hidden">{t("offer.language.dismiss")}</span>
      </button>
    </aside>
  );
}

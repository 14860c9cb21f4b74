import { isRouteErrorResponse } from "react-router";
import { site } from "~/content/site.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";

function copyOf(error: unknown): { code: number | null; title: MessageKey; text: MessageKey } {
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (status === 404) {
    return { code: 404, title: "common.error.notFound.title", text: "common.error.notFound.text" };
  }
  if (status === 403) {
    return { code: 403, title: "common.error.forbidden.title", text: "common.error.forbidden.text" };
  }
  return { code: null, title: "common.error.generic.title", text: "common.error.generic.text" };
}

/** The branded error page's content (404, 403 or anything else), inside whichever shell fits the path. */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const href = useLocalHref();
  const copy = copyOf(error);
  const title = t(copy.title);
  const text = t(copy.text, { name: site.name });
  return (
    <section className="container section error-page">
      <title>{t("common.error.documentTitle", { title, name: site.name })}</title>
      <meta name="description" content={text} />
      {/* A 404 is never indexed: its status says so, and a robots tag would add nothing. */}
      {copy.code === 404 ? null : <meta name="robots" content="noindex" />}
      {copy.code ? <p className="error-page__code">{copy.code}</p> : null}
      <h1>{title}</h1>
      <p>{text}</p>
      <p className="error-page__actions">
        <a className="btn" href={href("/")}>
          {t("common.error.backHome")}
        </a>
        <a className="btn btn--outline" href={href("/contacto")}>
          {t("common.error.contact")}
        </a>
      </p>
    </section>
  );
}

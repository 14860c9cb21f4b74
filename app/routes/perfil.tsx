import { isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import { PROFILE_SECTIONS, profilePath, sectionOfPath } from "~/components/account/profile-sections.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import type { Route } from "./+types/perfil";
import { lookup } from "~/lib/lookup.ts";

/**
 * The words of every section (they share this slice): the account's own, the
 * account forms' errors (the schemas' keys, checked before submitting), the
 * billing fields' labels, the payment methods' names and the appointments'
 * statuses. The orders' words come with the account area's layout
 * (app/layouts/account.tsx).
 */
const PROFILE_NAMESPACES = ["account", "auth.error", "checkout.billing", "checkout.method", "booking.status"];

// /perfil/<section>: the heading, the section links and the saved notice around
// the section's own route. The name comes from the session, so no query here.
export function loader({ request, context }: Route.LoaderArgs) {
  const { firstName, lastName, email } = getUser(context);
  return { firstName, lastName, email, messages: messagesFor(localeOfRequest(request), PROFILE_NAMESPACES) };
}

const savedMessages: Record<string, MessageKey> = {
  datos: "account.profile.saved.datos",
  preferencias: "account.profile.saved.preferencias",
  contrasena: "account.profile.saved.contrasena",
};

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const t = useT();
  const locale = useLocale();
  const current = sectionOfPath(pathname);
  return (
    <section className="profile container section">
      <header className="profile__header">
        <h1>{t("account.profile.title")}</h1>
        <p className="muted">
          {loaderData.firstName} {loaderData.lastName} · {loaderData.email}
        </p>
      </header>
      {/* Links, not an ARIA tab widget: each section has its own URL and works without JavaScript.
          NavLink marks the current one with aria-current="page". */}
      <nav aria-label={t("account.profile.nav")} className="profile-tabs">
        <ul>
          {PROFILE_SECTIONS.map((s) => (
            <li key={s.slug}>
              <NavLink to={profilePath(s.slug, locale)} preventScrollReset>
                {t(s.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="profile-panel">
        {current ? <h2 className="profile-panel__title">{t(current.label)}</h2> : null}
        <SavedNotice saved={searchParams.get("guardado")} />
        <Outlet />
      </div>
    </section>
  );
}

function SavedNotice({ saved }: { saved: string | null }) {
  const t = useT();
  const key = lookup(savedMessages, saved);
  return (
    <p role="status" className={key ? "form-alert form-alert--success" : "form-alert-slot"}>
      {key ? t(key) : null}
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const href = useLocalHref();
  const message = isRouteErrorResponse(error)
    ? error.statusText || `error ${error.status}`
    : error instanceof Error
      ? error.message
      : t("account.profile.error.unknown");
  return (
    <section className="container section">
      <h1>{t("account.profile.title")}</h1>
      <p className="form-alert form-alert--error" role="alert">
        {t("account.profile.error.text", { message })}
      </p>
      <p>
        <Link to={href("/")}>{t("common.error.backHome")}</Link>
      </p>
    </section>
  );
}

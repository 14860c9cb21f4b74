import { isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import { PROFILE_SECTIONS, profilePath, sectionOfPath } from "~/components/account/profile-sections.ts";
import { getUser } from "~/auth/user-context.server.ts";
import type { Route } from "./+types/perfil";
import { lookup } from "~/lib/lookup.ts";

// /perfil/<section>: the heading, the section links and the saved notice around
// the section's own route. The name comes from the session, so no query here.
export function loader({ context }: Route.LoaderArgs) {
  const { firstName, lastName, email } = getUser(context);
  return { firstName, lastName, email };
}

const savedMessages: Record<string, string> = {
  datos: "Tus datos se han guardado.",
  preferencias: "Tus preferencias se han guardado.",
  contrasena: "Tu contraseña se ha cambiado. Hemos cerrado la sesión en tus otros dispositivos.",
};

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = sectionOfPath(pathname);
  return (
    <section className="profile container section">
      <header className="profile__header">
        <h1>Mi perfil</h1>
        <p className="muted">
          {loaderData.firstName} {loaderData.lastName} · {loaderData.email}
        </p>
      </header>
      {/* Links, not an ARIA tab widget: each section has its own URL and works without JavaScript.
          NavLink marks the current one with aria-current="page". */}
      <nav aria-label="Secciones del perfil" className="profile-tabs">
        <ul>
          {PROFILE_SECTIONS.map((s) => (
            <li key={s.slug}>
              <NavLink to={profilePath(s.slug)} preventScrollReset>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="profile-panel">
        {current ? <h2 className="profile-panel__title">{current.label}</h2> : null}
        <SavedNotice saved={searchParams.get("guardado")} />
        <Outlet />
      </div>
    </section>
  );
}

function SavedNotice({ saved }: { saved: string | null }) {
  const text = lookup(savedMessages, saved);
  return (
    <p role="status" className={text ? "form-alert form-alert--success" : "form-alert-slot"}>
      {text}
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? error.statusText || `error ${error.status}`
    : error instanceof Error
      ? error.message
      : "error desconocido";
  return (
    <section className="container section">
      <h1>Mi perfil</h1>
      <p className="form-alert form-alert--error" role="alert">
        Error al cargar el perfil: {message}
      </p>
      <p>
        <Link to="/">Volver al inicio</Link>
      </p>
    </section>
  );
}

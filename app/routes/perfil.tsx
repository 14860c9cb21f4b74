import { isRouteErrorResponse, Link } from "react-router";
import { ProfileCourses } from "~/components/account/profile-courses.tsx";
import { ProfilePersonal } from "~/components/account/profile-personal.tsx";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice.tsx";
import { ProfilePurchases } from "~/components/account/profile-purchases.tsx";
import { ProfileSettings } from "~/components/account/profile-settings.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil";
import { profileAction, profileLoader, type ProfileTab } from "./perfil.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi Perfil",
    description: "Tus datos, tus cursos, tus compras y tus preferencias en Alejandra Nails.",
    path: "/perfil",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return profileLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

const tabs: { id: ProfileTab; label: string }[] = [
  { id: "datos", label: "Datos Personales" },
  { id: "cursos", label: "Mis Cursos" },
  { id: "compras", label: "Historial de Compras" },
  { id: "configuracion", label: "Configuración" },
];

const savedMessages: Record<string, string> = {
  datos: "Tus datos se han guardado.",
  preferencias: "Tus preferencias se han guardado.",
  contrasena: "Tu contraseña se ha cambiado. Hemos cerrado la sesión en tus otros dispositivos.",
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, profile } = loaderData;
  const current = tabs.find((t) => t.id === tab) ?? tabs[0];
  return (
    <section className="profile container section">
      <header className="profile__header">
        <h1>Mi Perfil</h1>
        <p className="muted">
          {profile.firstName} {profile.lastName} · {profile.email}
        </p>
      </header>
      {/* Links, not an ARIA tab widget: each section has its own URL and works without JavaScript. */}
      <nav aria-label="Secciones del perfil" className="profile-tabs">
        <ul>
          {tabs.map((t) => (
            <li key={t.id}>
              <Link to={`/perfil?tab=${t.id}`} aria-current={t.id === tab ? "page" : undefined} preventScrollReset>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="profile-panel">
        <h2 className="profile-panel__title">{current.label}</h2>
        <SavedNotice saved={loaderData.saved} />
        {tab === "datos" && !profile.emailVerified ? <VerifyEmailNotice email={profile.email} /> : null}
        {tab === "datos" ? (
          <ProfilePersonal
            profile={profile}
            editing={loaderData.editing}
            errors={actionData?.intent === "profile" ? actionData.errors : undefined}
            values={actionData?.intent === "profile" ? actionData.values : undefined}
            version={actionData}
          />
        ) : null}
        {tab === "cursos" ? <ProfileCourses enrollments={loaderData.enrollments} /> : null}
        {tab === "compras" ? <ProfilePurchases orders={loaderData.orders} /> : null}
        {tab === "configuracion" ? (
          <ProfileSettings settings={loaderData.settings} hasPassword={profile.hasPassword} action={actionData} />
        ) : null}
      </div>
    </section>
  );
}

function SavedNotice({ saved }: { saved: string | null | undefined }) {
  const text = saved ? savedMessages[saved] : undefined;
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
      <h1>Mi Perfil</h1>
      <p className="form-alert form-alert--error" role="alert">
        Error al cargar el perfil: {message}
      </p>
      <p>
        <Link to="/">Volver al inicio</Link>
      </p>
    </section>
  );
}

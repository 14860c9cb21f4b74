import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import type { Role } from "~/domain/roles.ts";
import { NavigationProgress } from "../layout/navigation-effects.tsx";

/** The staff area lives under this path; its error pages use this shell too. */
const STAFF_PATH = "/gestion";

export function isStaffPath(pathname: string): boolean {
  return pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);
}

/** The sections of the back office; `ownerOnly` ones are shown to the owner alone. */
const SECTIONS: { to: string; label: string; end?: boolean; ownerOnly?: boolean }[] = [
  { to: "/gestion", label: "Panel", end: true },
  { to: "/gestion/agenda", label: "Agenda" },
  { to: "/gestion/pedidos", label: "Pedidos" },
  { to: "/gestion/cursos", label: "Cursos" },
  { to: "/gestion/convocatorias", label: "Convocatorias" },
  { to: "/gestion/servicios", label: "Servicios" },
  { to: "/gestion/profesionales", label: "Profesionales" },
  { to: "/gestion/horarios", label: "Horarios" },
  { to: "/gestion/facturas", label: "Facturas" },
  { to: "/gestion/avisos", label: "Avisos" },
  { to: "/gestion/seguridad", label: "Seguridad" },
  { to: "/gestion/reservas", label: "Reservas", ownerOnly: true },
  { to: "/gestion/equipo", label: "Equipo", ownerOnly: true },
  { to: "/gestion/auditoria", label: "Auditoría", ownerOnly: true },
  { to: "/gestion/datos-fiscales", label: "Datos fiscales", ownerOnly: true },
];

interface StaffShellUser {
  name: string;
  role: Role;
}

/**
 * The back office's plain frame: no shop header, cart or chat; one dense top bar
 * with the sections. Without a user (activation, second factor, error pages) the
 * bar shows the title only.
 */
export function StaffShell({ user, children }: { user?: StaffShellUser; children: ReactNode }) {
  return (
    <div className="staff">
      <NavigationProgress />
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="staff-bar">
        <Link className="staff-bar__title" to={STAFF_PATH}>
          Gestión · Alejandra Nails
        </Link>
        {user ? (
          <>
            <span className="staff-bar__user">{user.name}</span>
            <Form method="post" action="/logout" className="staff-bar__logout">
              <button type="submit">Cerrar sesión</button>
            </Form>
          </>
        ) : null}
        <Link className="staff-bar__back" to="/">
          Volver a la web
        </Link>
      </header>
      {user ? (
        <nav className="staff-nav" aria-label="Secciones de gestión">
          <ul>
            {SECTIONS.filter((s) => !s.ownerOnly || user.role === "owner").map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="contenido" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </div>
  );
}

import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { Role } from "~/domain/roles.ts";
import { NavigationProgress } from "../layout/navigation-effects.tsx";
import { StaffNav } from "./staff-nav.tsx";

/** The staff area lives under this path; its error pages use this shell too. */
const STAFF_PATH = "/gestion";

export function isStaffPath(pathname: string): boolean {
  return pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);
}

interface StaffShellUser {
  name: string;
  role: Role;
}

/**
 * The back office's plain frame: no shop header, cart or chat; one dense top bar
 * and the grouped sections under it. Without a user (activation, second factor, error pages) the
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
      {/* The sections, in groups (staff-sections.ts). */}
      {user ? <StaffNav role={user.role} /> : null}
      <main id="contenido" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </div>
  );
}

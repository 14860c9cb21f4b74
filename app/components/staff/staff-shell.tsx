import type { ReactNode } from "react";
import { Link } from "react-router";
import { NavigationProgress } from "../layout/navigation-effects.tsx";

/** The staff area lives under this path; its error pages use this shell too. */
export const STAFF_PATH = "/gestion";

export function isStaffPath(pathname: string): boolean {
  return pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);
}

/** The back office's plain frame: no shop header, cart or chat; one dense top bar. */
export function StaffShell({ userName, children }: { userName?: string; children: ReactNode }) {
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
        {userName ? <span className="staff-bar__user">{userName}</span> : null}
        <Link className="staff-bar__back" to="/">
          Volver a la web
        </Link>
      </header>
      <main id="contenido" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </div>
  );
}

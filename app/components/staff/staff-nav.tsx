import { NavLink, useLocation } from "react-router";
import type { Role } from "~/domain/roles.ts";
import { currentStaffSection, STAFF_HOME, visibleStaffGroups, type StaffSectionGroup } from "./staff-sections.ts";

/** One rendering of the groups; `prefix` keeps the ids of the two renderings apart. */
function Groups({ groups, prefix }: { groups: StaffSectionGroup[]; prefix: string }) {
  return (
    <ul className="staff-nav__groups">
      <li className="staff-nav__home">
        <NavLink to={STAFF_HOME.to} end>
          {STAFF_HOME.label}
        </NavLink>
      </li>
      {groups.map((g) => (
        <li key={g.id} className="staff-nav__group">
          <span className="staff-nav__label" id={`${prefix}-${g.id}`}>
            {g.label}
          </span>
          <ul aria-labelledby={`${prefix}-${g.id}`}>
            {g.sections.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sections, grouped by task. Wide screens show the groups side by side; a phone
 * shows one "Menú · <current section>" line that opens them (a <details>, so it works
 * before hydration and without JavaScript). CSS shows one rendering at a time, so
 * the other is out of the accessibility tree; the current page has aria-current="page".
 */
export function StaffNav({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const groups = visibleStaffGroups(role);
  const current = currentStaffSection(pathname);
  return (
    <nav className="staff-nav" aria-label="Secciones de gestión">
      <div className="staff-nav__wide">
        <Groups groups={groups} prefix="staff-nav" />
      </div>
      {/* Keyed on the path: a client navigation closes it again. */}
      <details className="staff-nav__narrow" key={pathname}>
        <summary>Menú{current ? <span className="staff-nav__current"> · {current.label}</span> : null}</summary>
        <Groups groups={groups} prefix="staff-nav-movil" />
      </details>
    </nav>
  );
}

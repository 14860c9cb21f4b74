/**
 * The back office's menu: its sections in a few labelled groups, so the bar reads
 * by task instead of as a row of sixteen links. Pure (server and browser).
 */
import type { Role } from "~/domain/roles.ts";

export interface StaffSection {
  to: string;
  label: string;
  /** Current only on this exact path (the panel), not on the paths below it. */
  end?: boolean;
  /** Shown to the owner alone. */
  ownerOnly?: boolean;
}

export interface StaffSectionGroup {
  /** Stable, for ids: `staff-nav-<id>`. */
  id: string;
  label: string;
  sections: StaffSection[];
}

/** The panel: the area's home, before the groups. */
export const STAFF_HOME: StaffSection = { to: "/gestion", label: "Panel", end: true };

export const STAFF_GROUPS: readonly StaffSectionGroup[] = [
  {
    id: "agenda",
    label: "Agenda",
    sections: [
      { to: "/gestion/agenda", label: "Agenda" },
      // The client card: visits, no-shows and notes, found by email or phone.
      { to: "/gestion/clientes", label: "Clientas" },
      { to: "/gestion/horarios", label: "Horarios" },
      { to: "/gestion/reservas", label: "Reservas", ownerOnly: true },
    ],
  },
  {
    id: "ventas",
    label: "Ventas",
    sections: [
      { to: "/gestion/pedidos", label: "Pedidos" },
      { to: "/gestion/facturas", label: "Facturas" },
      { to: "/gestion/datos-fiscales", label: "Datos fiscales", ownerOnly: true },
    ],
  },
  {
    // The counter: charging in the salon, the day's close, its figures and the shelf (app/counter).
    id: "caja",
    label: "Caja",
    sections: [
      { to: "/gestion/caja", label: "Cobrar", end: true },
      { to: "/gestion/caja/cierre", label: "Cierre de caja" },
      // Sales by professional (with commission), service, product and method; staff see their own.
      { to: "/gestion/caja/cifras", label: "Cifras de caja" },
      { to: "/gestion/productos", label: "Productos" },
    ],
  },
  {
    id: "academia",
    label: "Academia",
    sections: [
      { to: "/gestion/cursos", label: "Cursos" },
      { to: "/gestion/convocatorias", label: "Convocatorias" },
    ],
  },
  {
    id: "salon",
    label: "Salón",
    sections: [
      { to: "/gestion/servicios", label: "Servicios" },
      { to: "/gestion/profesionales", label: "Profesionales" },
      // The salon's photos on the public pages.
      { to: "/gestion/fotos", label: "Fotos" },
      { to: "/gestion/avisos", label: "Avisos" },
    ],
  },
  {
    id: "equipo",
    label: "Equipo y seguridad",
    sections: [
      { to: "/gestion/equipo", label: "Equipo", ownerOnly: true },
      { to: "/gestion/auditoria", label: "Auditoría", ownerOnly: true },
      { to: "/gestion/seguridad", label: "Seguridad" },
    ],
  },
];

/** The groups a role sees: owner-only sections dropped, and a group left empty dropped with them. */
export function visibleStaffGroups(role: Role): StaffSectionGroup[] {
  return STAFF_GROUPS.map((g) => ({
    ...g,
    sections: g.sections.filter((s) => !s.ownerOnly || role === "owner"),
  })).filter((g) => g.sections.length > 0);
}

const within = (pathname: string, s: StaffSection) =>
  s.end ? pathname === s.to || pathname === `${s.to}/` : pathname === s.to || pathname.startsWith(`${s.to}/`);

/** The section a path belongs to (a course's page → Cursos), for the phone menu's summary; null when none. */
export function currentStaffSection(pathname: string): StaffSection | null {
  if (within(pathname, STAFF_HOME)) return STAFF_HOME;
  for (const g of STAFF_GROUPS) {
    const found = g.sections.find((s) => within(pathname, s));
    if (found) return found;
  }
  return null;
}

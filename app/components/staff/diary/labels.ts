/** Spanish words for appointments in Gestión → Agenda (shared by the screens and their loaders). */

const STATUS_LABELS: Record<string, string> = {
  held: "Pendiente de confirmar",
  confirmed: "Confirmada",
  attended: "Atendida",
  no_show: "No se presentó",
  cancelled: "Cancelada",
  expired: "Caducada",
};

export function appointmentStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export function appointmentSourceLabel(source: string): string {
  return source === "staff" ? "Reservada por el salón (teléfono o mostrador)" : "Reservada en la web";
}

/** The path of the diary for a day, view and professional ("todas": the salon). */
export function diaryHref(date: string, view: "dia" | "semana" = "dia", professional = "todas"): string {
  const q = new URLSearchParams({ dia: date });
  if (view !== "dia") q.set("vista", view);
  if (professional !== "todas") q.set("profesional", professional);
  return `/gestion/agenda?${q.toString()}`;
}

export const clientCardHref = (email: string): string =>
  `/gestion/clientes?${new URLSearchParams({ email }).toString()}`;

/** The longest note on a client the form accepts, in characters. */
export const CLIENT_NOTES_MAX = 4000;

/** The "Cualquier profesional" choice of the phone-booking form. */
export const ANY_PROFESSIONAL = "cualquiera";

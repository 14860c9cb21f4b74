/**
 * The staff's time-off form (/gestion/horarios): a professional's day off or
 * blocked hours, or a closure of the whole salon, as Madrid days and times
 * turned into the UTC instants `time_off` stores. Pure: "today" is passed in.
 */
import { addDays } from "./calendar-dates.ts";
import { formatDayLong, formatTime, isDate, parseTime, wallClockOf, wallToInstant } from "./salon-time.ts";

/** The "who" value for a closure of the whole salon. */
export const WHOLE_SALON = "salon";
export const TIME_OFF_LIMITS = { reasonMax: 200, maxDays: 366 } as const;

export interface TimeOffInput {
  /** null: the whole salon. */
  professionalId: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
}

type TimeOffResult =
  { ok: true; input: TimeOffInput } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/**
 * Fields: `who` (WHOLE_SALON or a professional's id), `kind` ("days": `from`
 * and optional `to`, whole days; "hours": `date`, `start`, `end`), `reason`.
 */
export function parseTimeOffForm(values: Readonly<Record<string, string>>, today: string): TimeOffResult {
  const errors: Record<string, string> = {};
  const echo = { ...values };
  const who = (values.who ?? "").trim();
  if (who === "" || who.length > 100) errors.who = "Elige una profesional o «Todo el salón»";
  const reason = (values.reason ?? "").replace(/\s+/gu, " ").trim();
  if (reason.length > TIME_OFF_LIMITS.reasonMax) {
    errors.reason = `El motivo admite como mucho ${TIME_OFF_LIMITS.reasonMax} caracteres`;
  }

  let startsAt = 0;
  let endsAt = 0;
  if (values.kind === "days") {
    const from = (values.from ?? "").trim();
    const to = (values.to ?? "").trim() || from;
    if (!isDate(from)) errors.from = "Elige el primer día";
    else if (from < today) errors.from = "Ese día ya ha pasado";
    else if (!isDate(to)) errors.to = "El último día no es una fecha válida";
    else if (to < from) errors.to = "El último día no puede ser anterior al primero";
    else if (to > addDays(from, TIME_OFF_LIMITS.maxDays - 1)) {
      errors.to = `Un bloqueo abarca como mucho ${TIME_OFF_LIMITS.maxDays} días`;
    } else {
      startsAt = wallToInstant(from, 0);
      endsAt = wallToInstant(addDays(to, 1), 0);
    }
  } else if (values.kind === "hours") {
    const date = (values.date ?? "").trim();
    const start = parseTime((values.start ?? "").trim());
    const end = parseTime((values.end ?? "").trim());
    if (!isDate(date)) errors.date = "Elige el día";
    else if (date < today) errors.date = "Ese día ya ha pasado";
    if (start === null) errors.start = "Escribe la hora de inicio como HH:MM";
    if (end === null) errors.end = "Escribe la hora de fin como HH:MM";
    else if (start !== null && end <= start) errors.end = "La hora de fin debe ser posterior a la de inicio";
    if (!errors.date && start !== null && end !== null && end > start) {
      startsAt = wallToInstant(date, start);
      endsAt = wallToInstant(date, end);
    }
  } else {
    errors.kind = "Elige si bloqueas días enteros o unas horas";
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors, values: echo };
  return {
    ok: true,
    input: {
      professionalId: who === WHOLE_SALON ? null : who,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      reason,
    },
  };
}

/**
 * A stored block in Madrid time: "viernes, 25 de diciembre" (one whole day),
 * "del lunes, 3 de agosto al viernes, 14 de agosto" (whole days), or
 * "martes, 1 de diciembre, de 10:00 a 13:00" (hours on one day).
 */
export function timeOffText(startsAt: string, endsAt: string): string {
  const start = wallClockOf(new Date(startsAt));
  const end = wallClockOf(new Date(endsAt));
  if (start.minutes === 0 && end.minutes === 0 && end.date > start.date) {
    const last = addDays(end.date, -1);
    return last === start.date
      ? formatDayLong(start.date)
      : `del ${formatDayLong(start.date)} al ${formatDayLong(last)}`;
  }
  if (start.date === end.date) {
    return `${formatDayLong(start.date)}, de ${formatTime(start.minutes)} a ${formatTime(end.minutes)}`;
  }
  return `del ${formatDayLong(start.date)}, ${formatTime(start.minutes)}, al ${formatDayLong(end.date)}, ${formatTime(end.minutes)}`;
}

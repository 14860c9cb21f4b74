/**
 * Availability from the database (issue 15): loads the diaries the pure engine
 * (app/domain/availability.ts) needs, in three queries after the menu reads,
 * and answers "which starts are free" (the booking calendar) and "is this
 * start still free" (before a booking or a move is written).
 *
 * Busy time: appointments that are confirmed, attended or no-show, or held
 * with a hold that has not expired yet, from `starts_at` to `blocks_until`
 * (their buffer included); a professional's time off; whole-salon closures
 * (time_off with no professional). An expired hold frees its time here even
 * before a job marks it expired, so whoever writes a booking must delete an
 * expired hold's appointment_slots in the same transaction.
 */
import type { Db } from "~/db/db.server.ts";
import {
  freeStarts,
  isFreeStart,
  type FreeDay,
  type Interval,
  type ProfessionalDiary,
  type WeeklyRange,
} from "~/domain/availability.ts";
import { dayState, type DayState } from "~/domain/booking-days.ts";
import type { BookingRules } from "~/domain/booking-rules.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { isDate, wallToInstant } from "~/domain/salon-time.ts";
import type { Locale } from "~/i18n/locales.ts";
import {
  listActiveProfessionals,
  professionalsFor,
  sequenceLength,
  servicesInOrder,
  type MenuProfessional,
  type MenuService,
} from "./menu.server.ts";
import { takesTimeWhere } from "./slots.server.ts";

const DAY_MS = 86_400_000;

export type AvailabilityRefusal = "unknown-service" | "unknown-professional" | "no-professional";

export interface AvailabilityQuery {
  /** Services in the order they are performed. */
  serviceIds: string[];
  /** One professional, or null for "cualquier profesional". */
  professionalId: string | null;
  /** First Madrid date to show; an invalid date means today. */
  fromDate: string;
  days: number;
  now: Date;
  rules: BookingRules;
  /** true: a client booking online (services not bookable online are refused); false: the staff. */
  online: boolean;
  /** When moving an appointment: its own current time does not count as busy. */
  ignoreAppointmentId?: string;
  /** The language of the services' names and descriptions (the page's); Spanish by default. */
  locale?: Locale;
}

type AvailabilityResult =
  | {
      ok: true;
      services: MenuService[];
      /** Everyone able to perform every service (what a picker offers), even when one is chosen. */
      professionals: MenuProfessional[];
      /** Each day's free starts, and what the day is (free, full, closed, a day off: booking-days.ts). */
      days: (FreeDay & { state: DayState })[];
    }
  | { ok: false; reason: AvailabilityRefusal };

interface Resolved {
  services: MenuService[];
  able: MenuProfessional[];
  /** Those whose diaries count: the chosen one, or everyone able. */
  candidates: MenuProfessional[];
}

async function resolve(
  db: Db,
  q: { serviceIds: string[]; professionalId: string | null; online: boolean; locale?: Locale },
): Promise<Resolved | AvailabilityRefusal> {
  const [services, pros] = await Promise.all([
    servicesInOrder(db, q.serviceIds, { online: q.online, locale: q.locale }),
    listActiveProfessionals(db),
  ]);
  if (!services) return "unknown-service";
  const able = professionalsFor(pros, q.serviceIds);
  if (q.professionalId === null) return able.length > 0 ? { services, able, candidates: able } : "no-professional";
  if (!pros.some((p) => p.id === q.professionalId)) return "unknown-professional";
  const chosen = able.filter((p) => p.id === q.professionalId);
  return chosen.length > 0 ? { services, able, candidates: chosen } : "no-professional";
}

/** The diaries of `pros` and the salon's closures overlapping [from, to) (epoch ms). */
async function loadDiaries(
  db: Db,
  pros: readonly MenuProfessional[],
  window: { from: number; to: number; now: Date; ignoreAppointmentId?: string },
): Promise<{ diaries: ProfessionalDiary[]; timeOff: Map<string, Interval[]>; closures: Interval[] }> {
  const ids = pros.map((p) => p.id);
  const from = new Date(window.from).toISOString();
  const to = new Date(window.to).toISOString();
  // Appointments last less than a day: bounding starts_at from below lets the index on it do the work.
  const startsAfter = new Date(window.from - DAY_MS).toISOString();
  const nowIso = window.now.toISOString();
  const [hours, timeOff, appointments] = await Promise.all([
    db
      .selectFrom("working_hours")
      .select(["professional_id", "weekday", "starts_min", "ends_min"])
      .where("professional_id", "in", ids)
      .execute(),
    db
      .selectFrom("time_off")
      .select(["professional_id", "starts_at", "ends_at"])
      .where((w) => w.or([w("professional_id", "in", ids), w("professional_id", "is", null)]))
      .where("starts_at", "<", to)
      .where("ends_at", ">", from)
      .execute(),
    db
      .selectFrom("appointments")
      .select(["professional_id", "starts_at", "blocks_until"])
      .where("professional_id", "in", ids)
      .where("starts_at", ">=", startsAfter)
      .where("starts_at", "<", to)
      .where("blocks_until", ">", from)
      .where((w) => takesTimeWhere(w, nowIso))
      .$if(window.ignoreAppointmentId !== undefined, (qb) => qb.where("id", "!=", window.ignoreAppointmentId!))
      .execute(),
  ]);

  const weekly = new Map<string, WeeklyRange[]>(ids.map((id) => [id, []]));
  for (const h of hours) {
    weekly
      .get(h.professional_id)
      ?.push({ weekday: Number(h.weekday), startMin: Number(h.starts_min), endMin: Number(h.ends_min) });
  }
  const busy = new Map<string, Interval[]>(ids.map((id) => [id, []]));
  const away = new Map<string, Interval[]>(ids.map((id) => [id, []]));
  const closures: Interval[] = [];
  for (const t of timeOff) {
    const interval = { start: Date.parse(t.starts_at), end: Date.parse(t.ends_at) };
    if (t.professional_id === null) closures.push(interval);
    else {
      busy.get(t.professional_id)?.push(interval);
      away.get(t.professional_id)?.push(interval);
    }
  }
  for (const a of appointments) {
    busy.get(a.professional_id)?.push({ start: Date.parse(a.starts_at), end: Date.parse(a.blocks_until) });
  }
  return {
    diaries: ids.map((id) => ({ id, weekly: weekly.get(id) ?? [], busy: busy.get(id) ?? [] })),
    timeOff: away,
    closures,
  };
}

/** The free starts of these services, day by day, with the chosen professional or anyone able. */
export async function loadAvailability(db: Db, q: AvailabilityQuery): Promise<AvailabilityResult> {
  const resolved = await resolve(db, q);
  if (typeof resolved === "string") return { ok: false, reason: resolved };

  const today = madridDate(q.now);
  const lastAllowed = addDays(today, q.rules.horizonDays);
  const wanted = isDate(q.fromDate) ? q.fromDate : today;
  const first = wanted < today ? today : wanted;
  // At most the horizon's worth of days, whatever the caller asked.
  const days = Math.max(0, Math.min(Math.floor(q.days) || 0, q.rules.horizonDays + 1));
  const requestedLast = addDays(first, days - 1);
  const last = requestedLast < lastAllowed ? requestedLast : lastAllowed;
  if (days === 0 || first > last)
    return { ok: true, services: resolved.services, professionals: resolved.able, days: [] };

  const { diaries, timeOff, closures } = await loadDiaries(db, resolved.candidates, {
    from: wallToInstant(first, 0) - DAY_MS,
    to: wallToInstant(addDays(last, 1), 0) + DAY_MS,
    now: q.now,
    ignoreAppointmentId: q.ignoreAppointmentId,
  });
  const { durationMin, bufferMin } = sequenceLength(resolved.services);
  const free = freeStarts({
    now: q.now.getTime(),
    noticeMinutes: q.rules.noticeMinutes,
    horizonDays: q.rules.horizonDays,
    durationMin,
    bufferMin,
    fromDate: first,
    days,
    professionals: diaries,
    closures,
  });
  const off = diaries.map((d) => ({ weekly: d.weekly, timeOff: timeOff.get(d.id) ?? [] }));
  const withStates = free.map((d) => ({
    ...d,
    state: dayState({ date: d.date, starts: d.starts.length, professionals: off, closures }),
  }));
  return { ok: true, services: resolved.services, professionals: resolved.able, days: withStates };
}

/**
 * Who can still start these services at `at` (epoch ms): the chosen
 * professional, or (null) everyone able, in the salon's order, checked against
 * the diaries as they are now in one load. null for an unknown service or
 * professional. Booking tries the professionals in this order.
 */
export async function freeProfessionalsAt(
  db: Db,
  q: {
    serviceIds: string[];
    professionalId: string | null;
    at: number;
    now: Date;
    rules: BookingRules;
    online: boolean;
    ignoreAppointmentId?: string;
  },
): Promise<{ services: MenuService[]; free: string[] } | null> {
  if (!Number.isFinite(q.at)) return null;
  const resolved = await resolve(db, q);
  if (typeof resolved === "string") return null;
  const { diaries, closures } = await loadDiaries(db, resolved.candidates, {
    from: q.at - DAY_MS,
    to: q.at + DAY_MS,
    now: q.now,
    ignoreAppointmentId: q.ignoreAppointmentId,
  });
  const { durationMin, bufferMin } = sequenceLength(resolved.services);
  const input = {
    now: q.now.getTime(),
    noticeMinutes: q.rules.noticeMinutes,
    horizonDays: q.rules.horizonDays,
    durationMin,
    bufferMin,
    professionals: diaries,
    closures,
  };
  return {
    services: resolved.services,
    free: resolved.candidates.filter((p) => isFreeStart(input, p.id, q.at)).map((p) => p.id),
  };
}

/** Whether `professionalId` can still start these services at `at`: false for an unknown service or professional. */
export async function checkStart(
  db: Db,
  q: Omit<Parameters<typeof freeProfessionalsAt>[1], "professionalId"> & { professionalId: string },
): Promise<boolean> {
  const found = await freeProfessionalsAt(db, q);
  return found !== null && found.free.length > 0;
}

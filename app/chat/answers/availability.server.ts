/**
 * "¿Tenéis hueco el viernes por la tarde para semipermanente?" (issue 15 §7):
 * the next free times from the live diaries (loadAvailability, with the
 * owner's booking rules), each a link to that step of /reservar. When the owner
 * sends bookings to an external page, that page is the answer instead.
 */
import { loadAvailability } from "~/bookings/availability.server.ts";
import { getBookingSettings } from "~/bookings/booking-settings.server.ts";
import { listActiveServices, type MenuService } from "~/bookings/menu.server.ts";
import { SERVICES_PATH } from "~/components/services/service-menu.ts";
import { SERVICE_CATEGORY_NAMES as SERVICE_CATEGORY_LABELS } from "~/domain/service-categories.ts";
import type { Db } from "~/db/db.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { bookingHref } from "~/domain/booking-settings-form.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import type { FreeDay } from "~/domain/availability.ts";
import { formatDayLong, formatTime } from "~/domain/salon-time.ts";
import { inPart, parseAvailabilityQuestion, type DayPart } from "../availability-question.ts";
import { bookingLink, link, phoneLink, whatsappLink } from "../reply-format.ts";
import { capitalise } from "./courses.ts";

/** Times offered in one answer. */
const MAX_TIMES = 4;
/** Days looked at when no day is named, or after a full day. */
const SEARCH_DAYS = 7;

const PART_TEXT: Record<DayPart, string> = { morning: "por la mañana", afternoon: "por la tarde" };

const people = () => `Si lo prefieres, llámanos al ${phoneLink()} o ${whatsappLink("escríbenos por WhatsApp")}.`;

/** "el viernes 27 de noviembre", "hoy (viernes 27 de noviembre)", "mañana (sábado 28 de noviembre)". */
function dayPhrase(date: string, today: string): string {
  const long = formatDayLong(date).replace(",", "");
  if (date === today) return `hoy (${long})`;
  if (date === addDays(today, 1)) return `mañana (${long})`;
  return `el ${long}`;
}

/** "a, b, c y d". */
function list(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} y ${items.at(-1)}` : (items[0] ?? "");
}

/** The free starts of a day within the part asked. */
function startsIn(day: FreeDay, part: DayPart | null) {
  return day.starts.filter((s) => inPart(s.minutes, part));
}

/** "… a las [16:00](…), [16:15](…) y [17:30](…).\n[Ver más horas](…)" */
function timesSentence(service: MenuService, day: FreeDay, part: DayPart | null): string {
  const times = startsIn(day, part)
    .slice(0, MAX_TIMES)
    .map((s) =>
      link(
        formatTime(s.minutes),
        bookingStepHref({ serviceIds: [service.id], professional: "any", day: day.date, time: s.minutes }),
      ),
    );
  const more = link("Ver más horas", bookingStepHref({ serviceIds: [service.id], professional: "any", day: day.date }));
  return `a las ${list(times)}.\n${more}`;
}

function whichService(menu: MenuService[]): string {
  const lines = Object.entries(SERVICE_CATEGORY_LABELS).flatMap(([category, label]) => {
    const names = menu.filter((s) => s.category === category && s.bookableOnline).map((s) => s.name);
    return names.length ? [`• ${label}: ${names.join(", ")}`] : [];
  });
  return [
    "¿Para qué servicio buscas hueco? Dímelo y te digo las próximas horas libres.",
    ...lines,
    link("Ver todos los servicios", SERVICES_PATH),
  ].join("\n");
}

/** The reply to an availability question, from the diaries as they are at `now`. */
export async function availabilityAnswer(db: Db, text: string, now: Date): Promise<string> {
  const settings = await getBookingSettings(db);
  const booking = bookingHref(settings);
  if (booking.external) {
    return `Las horas libres y la reserva están en nuestra página de reservas: ${link("Reservar cita", booking.href)}\n${people()}`;
  }
  const menu = await listActiveServices(db);
  const today = madridDate(now);
  const q = parseAvailabilityQuestion(text, today, menu);
  const service = menu.find((s) => s.id === q.serviceId);
  if (!service) return whichService(menu);

  const part = q.part ? ` ${PART_TEXT[q.part]}` : "";
  const load = async (fromDate: string, days: number) => {
    const res = await loadAvailability(db, {
      serviceIds: [service.id],
      professionalId: null,
      fromDate,
      days,
      now,
      rules: settings.rules,
      online: true,
    });
    return res.ok ? res.days : null;
  };
  const firstFree = (days: FreeDay[]) => days.find((d) => startsIn(d, q.part).length > 0);

  if (!service.bookableOnline) {
    return `${service.name} no se reserva online: pídenos cita y te buscamos hora. ${people()}`;
  }
  if (q.date) {
    const lastBookable = addDays(today, settings.rules.horizonDays);
    if (q.date > lastBookable) {
      return `Aún no damos cita para ${dayPhrase(q.date, today)}: la agenda se abre con ${settings.rules.horizonDays} días de antelación.\n${bookingLink()}`;
    }
    // One load: the asked day (q.date is today or later, so it comes first) and the days after it.
    const loaded = await load(q.date, 1 + SEARCH_DAYS);
    if (loaded === null) return `Ahora mismo no podemos reservar ${service.name} online. ${people()}`;
    const [day, ...after] = loaded;
    if (day?.date === q.date && startsIn(day, q.part).length > 0) {
      return `${capitalise(dayPhrase(q.date, today))}${part} tenemos hueco para ${service.name} ${timesSentence(service, day, q.part)}`;
    }
    const full = `${capitalise(dayPhrase(q.date, today))}${part} no nos queda hueco para ${service.name}.`;
    const next = firstFree(after);
    if (!next) return `${full} Tampoco en los ${SEARCH_DAYS} días siguientes. ${people()}`;
    return `${full} El siguiente día con hueco${part} es ${dayPhrase(next.date, today)}, ${timesSentence(service, next, q.part)}`;
  }
  const week = await load(today, SEARCH_DAYS);
  if (week === null) return `Ahora mismo no podemos reservar ${service.name} online. ${people()}`;
  const next = firstFree(week);
  if (!next) {
    return `No nos queda hueco${part} para ${service.name} en los próximos ${SEARCH_DAYS} días. ${people()}\n${link("Ver el calendario", bookingStepHref({ serviceIds: [service.id], professional: "any" }))}`;
  }
  return `El próximo hueco${part} para ${service.name} es ${dayPhrase(next.date, today)}, ${timesSentence(service, next, q.part)}`;
}

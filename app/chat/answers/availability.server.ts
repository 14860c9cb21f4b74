/**
 * "¿Tenéis hueco el viernes por la tarde para semipermanente?" (issue 15 §7):
 * the next free times from the live diaries (loadAvailability, with the
 * owner's booking rules), each a link to that step of /reservar. When the owner
 * sends bookings to an external page, that page is the answer instead.
 */
import { loadAvailability } from "~/bookings/availability.server.ts";
import { getBookingSettings } from "~/bookings/booking-settings.server.ts";
import { SERVICES_PATH } from "~/components/services/service-menu.ts";
import { SERVICE_CATEGORY_NAMES as SERVICE_CATEGORY_LABELS } from "~/domain/service-categories.ts";
import type { Db } from "~/db/db.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { bookingHref } from "~/domain/booking-settings-form.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import type { FreeDay } from "~/domain/availability.ts";
import { formatDayLong, formatTime } from "~/domain/salon-time.ts";
import type { Locale } from "~/i18n/locales.ts";
import { inPart, parseAvailabilityQuestion, type DayPart } from "../availability-question.ts";
import { serviceName } from "../service-mentions.ts";
import { bookingLink, link, phoneLink, whatsappLink } from "../reply-format.ts";
import { capitalise } from "./courses.ts";
import { loadChatMenu, type ChatService } from "./menu.server.ts";

/** Times offered in one answer. */
const MAX_TIMES = 4;
/** Days looked at when no day is named, or after a full day. */
const SEARCH_DAYS = 7;

/**
 * The words of these answers, Spanish and Catalan (issue 34); service names
 * (Catalan ones when written) and times are the data's.
 */
const WORDS = {
  es: {
    part: { morning: "por la mañana", afternoon: "por la tarde" } as Record<DayPart, string>,
    people: (phone: string) => `Si lo prefieres, llámanos al ${phone} o ${whatsappLink("escríbenos por WhatsApp")}.`,
    today: "hoy",
    tomorrow: "mañana",
    and: "y",
    at: "a las",
    moreTimes: "Ver más horas",
    whichService: "¿Para qué servicio buscas hueco? Dímelo y te digo las próximas horas libres.",
    allServices: "Ver todos los servicios",
    external: "Las horas libres y la reserva están en nuestra página de reservas:",
    book: "Reservar cita",
    notOnline: (name: string) => `${name} no se reserva online: pídenos cita y te buscamos hora.`,
    tooFar: (day: string, days: number) =>
      `Aún no damos cita para ${day}: la agenda se abre con ${days} días de antelación.`,
    cannotBook: (name: string) => `Ahora mismo no podemos reservar ${name} online.`,
    free: (day: string, part: string, name: string) => `${day}${part} tenemos hueco para ${name}`,
    full: (day: string, part: string, name: string) => `${day}${part} no nos queda hueco para ${name}.`,
    notAfter: (days: number) => `Tampoco en los ${days} días siguientes.`,
    nextDay: (part: string, day: string) => `El siguiente día con hueco${part} es ${day},`,
    noneWeek: (part: string, name: string, days: number) =>
      `No nos queda hueco${part} para ${name} en los próximos ${days} días.`,
    calendar: "Ver el calendario",
    next: (part: string, name: string, day: string) => `El próximo hueco${part} para ${name} es ${day},`,
  },
  ca: {
    part: { morning: "al matí", afternoon: "a la tarda" } as Record<DayPart, string>,
    people: (phone: string) => `Si ho prefereixes, truca’ns al ${phone} o ${whatsappLink("escriu-nos per WhatsApp")}.`,
    today: "avui",
    tomorrow: "demà",
    and: "i",
    at: "a les",
    moreTimes: "Veure més hores",
    whichService: "Per a quin servei busques hora? Digues-m’ho i et dic les properes hores lliures.",
    allServices: "Veure tots els serveis",
    external: "Les hores lliures i la reserva són a la nostra pàgina de reserves:",
    book: "Reservar cita",
    notOnline: (name: string) => `${name} no es reserva en línia: demana’ns cita i et busquem hora.`,
    tooFar: (day: string, days: number) =>
      `Encara no donem cita per ${day}: l’agenda s’obre amb ${days} dies d’antelació.`,
    cannotBook: (name: string) => `Ara mateix no podem reservar ${name} en línia.`,
    free: (day: string, part: string, name: string) => `${day}${part} tenim hora per a ${name}`,
    full: (day: string, part: string, name: string) => `${day}${part} no ens queda hora per a ${name}.`,
    notAfter: (days: number) => `Tampoc en els ${days} dies següents.`,
    nextDay: (part: string, day: string) => `El dia següent amb hora lliure${part} és ${day},`,
    noneWeek: (part: string, name: string, days: number) =>
      `No ens queda hora${part} per a ${name} en els propers ${days} dies.`,
    calendar: "Veure el calendari",
    next: (part: string, name: string, day: string) => `La propera hora lliure${part} per a ${name} és ${day},`,
  },
};

type Words = (typeof WORDS)["es"];

/** "el viernes 27 de noviembre", "hoy (viernes 27 de noviembre)", "mañana (sábado 28 de noviembre)". */
function dayPhrase(date: string, today: string, locale: Locale): string {
  const w = WORDS[locale];
  const long = formatDayLong(date, locale).replace(",", "");
  if (date === today) return `${w.today} (${long})`;
  if (date === addDays(today, 1)) return `${w.tomorrow} (${long})`;
  return `el ${long}`;
}

/** "a, b, c y d". */
function list(items: string[], and: string): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}` : (items[0] ?? "");
}

/** The free starts of a day within the part asked. */
function startsIn(day: FreeDay, part: DayPart | null) {
  return day.starts.filter((s) => inPart(s.minutes, part));
}

/** "… a las [16:00](…), [16:15](…) y [17:30](…).\n[Ver más horas](…)" */
function timesSentence(service: ChatService, day: FreeDay, part: DayPart | null, w: Words): string {
  const times = startsIn(day, part)
    .slice(0, MAX_TIMES)
    .map((s) =>
      link(
        formatTime(s.minutes),
        bookingStepHref({ serviceIds: [service.id], professional: "any", day: day.date, time: s.minutes }),
      ),
    );
  const more = link(w.moreTimes, bookingStepHref({ serviceIds: [service.id], professional: "any", day: day.date }));
  return `${w.at} ${list(times, w.and)}.\n${more}`;
}

const CATEGORY_LABELS_CA: Record<string, string> = {
  manos: "Mans",
  pies: "Peus",
  facial: "Facial",
  diseno: "Disseny d’ungles",
};

function whichService(menu: ChatService[], locale: Locale): string {
  const w = WORDS[locale];
  const lines = Object.entries(SERVICE_CATEGORY_LABELS).flatMap(([category, label]) => {
    const names = menu.filter((s) => s.category === category && s.bookableOnline).map((s) => serviceName(s, locale));
    const shown = locale === "ca" ? (CATEGORY_LABELS_CA[category] ?? label) : label;
    return names.length ? [`• ${shown}: ${names.join(", ")}`] : [];
  });
  return [w.whichService, ...lines, link(w.allServices, SERVICES_PATH)].join("\n");
}

/** The reply to an availability question, from the diaries as they are at `now`. */
export async function availabilityAnswer(db: Db, text: string, now: Date, locale: Locale = "es"): Promise<string> {
  const w = WORDS[locale];
  const people = () => w.people(phoneLink());
  const phrase = (date: string) => dayPhrase(date, today, locale);
  const settings = await getBookingSettings(db);
  const booking = bookingHref(settings);
  if (booking.external) {
    return `${w.external} ${link(w.book, booking.href)}\n${people()}`;
  }
  const menu = await loadChatMenu(db);
  const today = madridDate(now);
  const q = parseAvailabilityQuestion(text, today, menu);
  const service = menu.find((s) => s.id === q.serviceId);
  if (!service) return whichService(menu, locale);
  const name = serviceName(service, locale);

  const part = q.part ? ` ${w.part[q.part]}` : "";
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
    return `${w.notOnline(name)} ${people()}`;
  }
  if (q.date) {
    const lastBookable = addDays(today, settings.rules.horizonDays);
    if (q.date > lastBookable) {
      return `${w.tooFar(phrase(q.date), settings.rules.horizonDays)}\n${bookingLink(w.book)}`;
    }
    // One load: the asked day (q.date is today or later, so it comes first) and the days after it.
    const loaded = await load(q.date, 1 + SEARCH_DAYS);
    if (loaded === null) return `${w.cannotBook(name)} ${people()}`;
    const [day, ...after] = loaded;
    if (day?.date === q.date && startsIn(day, q.part).length > 0) {
      return `${w.free(capitalise(phrase(q.date)), part, name)} ${timesSentence(service, day, q.part, w)}`;
    }
    const full = w.full(capitalise(phrase(q.date)), part, name);
    const next = firstFree(after);
    if (!next) return `${full} ${w.notAfter(SEARCH_DAYS)} ${people()}`;
    return `${full} ${w.nextDay(part, phrase(next.date))} ${timesSentence(service, next, q.part, w)}`;
  }
  const week = await load(today, SEARCH_DAYS);
  if (week === null) return `${w.cannotBook(name)} ${people()}`;
  const next = firstFree(week);
  if (!next) {
    return `${w.noneWeek(part, name, SEARCH_DAYS)} ${people()}\n${link(w.calendar, bookingStepHref({ serviceIds: [service.id], professional: "any" }))}`;
  }
  return `${w.next(part, name, phrase(next.date))} ${timesSentence(service, next, q.part, w)}`;
}

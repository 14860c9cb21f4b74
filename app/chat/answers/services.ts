/**
 * Answers about the salon's service menu (issue item 14): what a named service
 * costs and how long it takes, whether the salon does it, or the menu in short.
 * Composed from the live menu the caller loads (prices in cents). Pure.
 */
import type { MenuService } from "~/bookings/menu.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { SERVICE_CATEGORY_IDS, SERVICE_CATEGORY_NAMES } from "~/domain/service-categories.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { Locale } from "~/i18n/locales.ts";
import { bookingLink, link } from "../reply-format.ts";
import {
  findServiceTerms,
  matchServices,
  serviceAspect,
  serviceName,
  termLabel,
  type ServiceAspect,
} from "../service-mentions.ts";
import { bullet } from "./courses.ts";
import { contactLine } from "./salon.ts";

const SERVICES_PATH = "/servicios";
/** More than this many services named at once reads as the menu, not an answer. */
const MAX_LISTED = 4;

/** `name` is the Spanish name; `nameCa` the Catalan one, when written, which Catalan replies say. */
type Service = Pick<
  MenuService,
  "id" | "name" | "category" | "durationMin" | "priceCents" | "priceFrom" | "bookableOnline"
> & { nameCa?: string | null };

/** The words of these answers in Catalan (the services' names are the menu's, in Catalan when written). */
const CA = {
  servicesLink: "Veure els serveis i preus",
  from: "des de",
  lasts: "dura",
  weDoIt: "Sí, el fem.",
  askForAppointment: "Per demanar cita:",
  book: "Reservar cita",
  menu: "Aquests són els nostres serveis:",
  weDo: "Al saló fem:",
  none: "Ara mateix no tenim serveis publicats.",
  notOffered: (what: string) => `Ho sento, no fem ${what}: no és al nostre menú. Mira tot el que sí que fem:`,
  nor: " ni ",
  leads: { offer: "Sí, tenim:", price: "Preus:", duration: "Durada i preu:", both: "Preu i durada:" },
  categories: { manos: "Mans", pies: "Peus", facial: "Facial", diseno: "Disseny d’ungles" },
  terms: {
    pestanas: "pestanyes",
    depilacion: "depilació",
    micropigmentacion: "micropigmentació",
    porcelana: "ungles de porcellana",
    acrilico: "ungles acríliques",
    gel: "ungles de gel",
    limpieza: "neteja facial",
    masaje: "massatges",
    maquillaje: "maquillatge",
    cejas: "celles",
    relleno: "reomplert",
  } as Record<string, string>,
};

export const servicesLink = (locale: Locale = "es") =>
  link(locale === "ca" ? CA.servicesLink : "Ver servicios y precios", SERVICES_PATH);

const priceOf = (s: Service, locale: Locale = "es") =>
  locale === "ca" && s.priceFrom
    ? `${CA.from} ${formatEuros(s.priceCents)}`
    : formatServicePrice(s.priceCents, s.priceFrom);
const durationOf = (s: Service) => formatDuration(s.durationMin);

/** "Manicura semipermanente: 25,00 €, 1 h" ("Manicura semipermanent: …" in Catalan, when so named). */
const serviceLine = (s: Service, locale: Locale = "es") =>
  `${serviceName(s, locale)}: ${priceOf(s, locale)}, ${durationOf(s)}`;

function oneService(s: Service, aspect: ServiceAspect, locale: Locale): string {
  const lasts = locale === "ca" ? CA.lasts : "dura";
  const name = serviceName(s, locale);
  switch (aspect) {
    case "price":
      return `${name}: ${priceOf(s, locale)} (${lasts} ${durationOf(s)}).`;
    case "duration":
      return `${name}: ${lasts} ${durationOf(s)} (${priceOf(s, locale)}).`;
    case "both":
      return `${serviceLine(s, locale)}.`;
    case "offer":
      return `${locale === "ca" ? CA.weDoIt : "Sí, lo hacemos."} ${serviceLine(s, locale)}.`;
  }
}

/** Where to book these services: their own step of the booking page, or the contacts when none is online. */
function bookingLine(services: readonly Service[], locale: Locale): string {
  const online = services.filter((s) => s.bookableOnline);
  if (online.length === 0)
    return `${locale === "ca" ? CA.askForAppointment : "Para pedir cita:"} ${contactLine(locale)}`;
  const href = online.length === 1 ? bookingStepHref({ serviceIds: [online[0].id] }) : undefined;
  const label = locale === "ca" ? CA.book : "Reservar cita";
  return `${href ? link(label, href) : bookingLink(label)} · ${servicesLink(locale)}`;
}

/** The menu in short: each category with its services, from the lowest price. */
function menuOverview(menu: readonly Service[], aspect: ServiceAspect, locale: Locale): string {
  if (aspect !== "offer") {
    const shown = menu.map((s) => serviceLine(s, locale));
    const lead = locale === "ca" ? CA.menu : "Estos son nuestros servicios:";
    return `${lead}\n${bullet(shown)}\n${bookingLine(menu, locale)}`;
  }
  const lines = SERVICE_CATEGORY_IDS.map((id) => {
    const services = menu.filter((s) => s.category === id);
    if (services.length === 0) return null;
    const from = Math.min(...services.map((s) => s.priceCents));
    const category = locale === "ca" ? CA.categories[id] : SERVICE_CATEGORY_NAMES[id];
    const fromWord = locale === "ca" ? CA.from : "desde";
    return `${category}: ${services.map((s) => serviceName(s, locale)).join(", ")} (${fromWord} ${formatServicePrice(from, false)})`;
  }).filter((l): l is string => l !== null);
  return `${locale === "ca" ? CA.weDo : "En el salón hacemos:"}\n${bullet(lines)}\n${bookingLine(menu, locale)}`;
}

/**
 * The reply to a question about services. `text` is the question as written
 * (or, after a follow-up, with the service it refers to).
 */
export function servicesReply(text: string, menu: readonly Service[], locale: Locale = "es"): string {
  const aspect = serviceAspect(text);
  if (menu.length === 0) {
    return `${locale === "ca" ? CA.none : "Ahora mismo no tenemos servicios publicados."} ${contactLine(locale)}`;
  }
  const named = matchServices(text, menu);
  if (named.length === 0) {
    const terms = findServiceTerms(text);
    if (terms.length === 0) return menuOverview(menu, aspect, locale);
    if (locale === "ca") {
      const what = terms.map((t) => CA.terms[t] ?? termLabel(t)).join(CA.nor);
      return `${CA.notOffered(what)} ${servicesLink(locale)}`;
    }
    return `Lo siento, no hacemos ${terms.map(termLabel).join(" ni ")}: no está en nuestro menú. Mira todo lo que sí hacemos: ${servicesLink()}`;
  }
  if (named.length === 1) return `${oneService(named[0], aspect, locale)}\n${bookingLine(named, locale)}`;
  const shown = named.slice(0, MAX_LISTED);
  const leads =
    locale === "ca"
      ? CA.leads
      : { offer: "Sí, tenemos:", price: "Precios:", duration: "Duración y precio:", both: "Precio y duración:" };
  return `${leads[aspect]}\n${bullet(shown.map((s) => serviceLine(s, locale)))}\n${bookingLine(shown, locale)}`;
}

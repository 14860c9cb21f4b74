/**
 * Answers about the salon's service menu (issue item 14): what a named service
 * costs and how long it takes, whether the salon does it, or the menu in short.
 * Composed from the live menu the caller loads (prices in cents). Pure.
 */
import type { MenuService } from "~/bookings/menu.server.ts";
import { bookingStepHref } from "~/domain/booking-request.ts";
import { SERVICE_CATEGORY_IDS, SERVICE_CATEGORY_NAMES } from "~/domain/service-categories.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { bookingLink, link } from "../reply-format.ts";
import { findServiceTerms, matchServices, serviceAspect, termLabel, type ServiceAspect } from "../service-mentions.ts";
import { bullet } from "./courses.ts";
import { contactLine } from "./salon.ts";

const SERVICES_PATH = "/servicios";
/** More than this many services named at once reads as the menu, not an answer. */
const MAX_LISTED = 4;

type Service = Pick<
  MenuService,
  "id" | "name" | "category" | "durationMin" | "priceCents" | "priceFrom" | "bookableOnline"
>;

export const servicesLink = () => link("Ver servicios y precios", SERVICES_PATH);

const priceOf = (s: Service) => formatServicePrice(s.priceCents, s.priceFrom);
const durationOf = (s: Service) => formatDuration(s.durationMin);

/** "Manicura semipermanente: 25,00 €, 1 h". */
const serviceLine = (s: Service) => `${s.name}: ${priceOf(s)}, ${durationOf(s)}`;

function oneService(s: Service, aspect: ServiceAspect): string {
  switch (aspect) {
    case "price":
      return `${s.name}: ${priceOf(s)} (dura ${durationOf(s)}).`;
    case "duration":
      return `${s.name}: dura ${durationOf(s)} (${priceOf(s)}).`;
    case "both":
      return `${serviceLine(s)}.`;
    case "offer":
      return `Sí, lo hacemos. ${serviceLine(s)}.`;
  }
}

/** Where to book these services: their own step of the booking page, or the contacts when none is online. */
function bookingLine(services: readonly Service[]): string {
  const online = services.filter((s) => s.bookableOnline);
  if (online.length === 0) return `Para pedir cita: ${contactLine()}`;
  const href = online.length === 1 ? bookingStepHref({ serviceIds: [online[0].id] }) : undefined;
  return `${href ? link("Reservar cita", href) : bookingLink()} · ${servicesLink()}`;
}

/** The menu in short: each category with its services, from the lowest price. */
function menuOverview(menu: readonly Service[], aspect: ServiceAspect): string {
  if (aspect !== "offer") {
    const shown = menu.map(serviceLine);
    return `Estos son nuestros servicios:\n${bullet(shown)}\n${bookingLine(menu)}`;
  }
  const lines = SERVICE_CATEGORY_IDS.map((id) => {
    const services = menu.filter((s) => s.category === id);
    if (services.length === 0) return null;
    const from = Math.min(...services.map((s) => s.priceCents));
    return `${SERVICE_CATEGORY_NAMES[id]}: ${services.map((s) => s.name).join(", ")} (desde ${formatServicePrice(from, false)})`;
  }).filter((l): l is string => l !== null);
  return `En el salón hacemos:\n${bullet(lines)}\n${bookingLine(menu)}`;
}

/**
 * The reply to a question about services. `text` is the question as written
 * (or, after a follow-up, with the service it refers to).
 */
export function servicesReply(text: string, menu: readonly Service[]): string {
  const aspect = serviceAspect(text);
  if (menu.length === 0) return `Ahora mismo no tenemos servicios publicados. ${contactLine()}`;
  const named = matchServices(text, menu);
  if (named.length === 0) {
    const terms = findServiceTerms(text);
    if (terms.length === 0) return menuOverview(menu, aspect);
    return `Lo siento, no hacemos ${terms.map(termLabel).join(" ni ")}: no está en nuestro menú. Mira todo lo que sí hacemos: ${servicesLink()}`;
  }
  if (named.length === 1) return `${oneService(named[0], aspect)}\n${bookingLine(named)}`;
  const shown = named.slice(0, MAX_LISTED);
  const lead = { offer: "Sí, tenemos:", price: "Precios:", duration: "Duración y precio:", both: "Precio y duración:" }[
    aspect
  ];
  return `${lead}\n${bullet(shown.map(serviceLine))}\n${bookingLine(shown)}`;
}

/**
 * /reservar (issue 15): services → professional → day → time → details, as GET
 * steps that work without JavaScript, then one POST. Everything the page shows
 * is looked up from the address again: services, who can do them, the free
 * times. The POST books through `bookAppointment`, which the database makes
 * safe against a double booking and which caps a client's upcoming
 * appointments; a guest's booking, and a signed-in client's whose email is not
 * verified yet, is held until she confirms by email; a verified client's is
 * confirmed at once. Services with a deposit are held until it is paid on the
 * payment provider's page, for anyone. The visitor's network and the address
 * the email goes to are rate limited (app/bookings/booking-limits.server.ts).
 *
 * While the owner sends bookings to an external page (Gestión → Reservas),
 * every step shows a pointer to it and the POST books nothing (issue 31).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/session.server.ts";
import { loadAvailability } from "~/bookings/availability.server.ts";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { hitAppointmentEmailLimits, hitBookingLimit } from "~/bookings/booking-limits.server.ts";
import { getBookingSettings } from "~/bookings/booking-settings.server.ts";
import { startDepositCheckout } from "~/bookings/deposits.server.ts";
import { listActiveServices, type MenuService } from "~/bookings/menu.server.ts";
import { site } from "~/content/site.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import type { DayState } from "~/domain/booking-days.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import {
  depositPagePath,
  parseBookingQuery,
  parseClientDetails,
  translateErrors,
  type BookingQuery,
  type ClientDetailsErrors,
} from "~/domain/booking-request.ts";
import { bookingHref } from "~/domain/booking-settings-form.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { tooManyRequests } from "~/lib/rate-limit.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** Days shown at once in the day picker. */
const DAYS_SHOWN = 7;

export interface BookingPageData {
  step: "services" | "professional" | "time" | "details";
  query: BookingQuery;
  menu: MenuService[];
  chosen: MenuService[];
  professionals: { id: string; name: string; title: string }[];
  /** The chosen professional's name, or null for "cualquier profesional". */
  professionalName: string | null;
  /** The days shown: how many free starts, the first one (Madrid minutes), and what a day without any is. */
  days: { date: string; count: number; first: number | null; state: DayState }[];
  day: string | null;
  times: { minutes: number; at: number }[];
  /** The start chosen for the details step. */
  at: number | null;
  today: string;
  horizonEnd: string;
  notice: string | null;
  /** verified: her email is verified, so her booking is confirmed at once (otherwise held, as a guest's). */
  user: { name: string; email: string; phone: string; verified: boolean } | null;
  cancelHours: number;
  /** The owner's external booking page while bookings are made there: the page only points to it. */
  external: string | null;
}

export async function bookingPageLoader(request: Request, context: Ctx): Promise<BookingPageData> {
  const { db } = getServices(context);
  const url = new URL(request.url);
  const query = parseBookingQuery(url.searchParams);
  // The notices and the services' names in the page's language (/reservar or /ca/reserva).
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const now = new Date();
  const today = madridDate(now);
  const [settings, menu, authUser] = await Promise.all([
    getBookingSettings(db),
    listActiveServices(db, locale),
    getOptionalUser(request, context),
  ]);
  const { rules } = settings;
  const online = menu.filter((s) => s.bookableOnline);
  const user = authUser
    ? {
        name: `${authUser.firstName} ${authUser.lastName}`.trim() || authUser.displayName,
        email: authUser.email,
        phone: authUser.phone,
        verified: authUser.emailVerified,
      }
    : null;
  const base: BookingPageData = {
    step: "services",
    query,
    menu: online,
    chosen: [],
    professionals: [],
    professionalName: null,
    days: [],
    day: null,
    times: [],
    at: null,
    today,
    horizonEnd: addDays(today, rules.horizonDays),
    notice: null,
    user,
    cancelHours: rules.cancelHours,
    external: null,
  };
  const external = bookingHref(settings);
  if (external.external) return { ...base, menu: [], external: external.href };
  // Services in the menu's order: a removal comes before the new set.
  const order = new Map(online.map((s, i) => [s.id, i]));
  const serviceIds = query.serviceIds.filter((id) => order.has(id)).sort((a, b) => order.get(a)! - order.get(b)!);
  if (query.serviceIds.length === 0) return base;
  if (serviceIds.length !== query.serviceIds.length) {
    return { ...base, notice: t("booking.notice.servicesGone") };
  }
  const from = query.from && query.from >= today ? query.from : today;
  const availability = await loadAvailability(db, {
    serviceIds,
    professionalId: query.professional && query.professional !== "any" ? query.professional : null,
    fromDate: from,
    days: DAYS_SHOWN,
    now,
    rules,
    online: true,
    locale,
  });
  if (!availability.ok) {
    const notice =
      availability.reason === "no-professional"
        ? t("booking.notice.noProfessional")
        : availability.reason === "unknown-professional"
          ? t("booking.notice.unknownProfessional")
          : t("booking.notice.servicesGone");
    return { ...base, notice, query: { ...query, serviceIds, professional: null } };
  }
  const chosen = availability.services;
  const professionals = availability.professionals.map(({ id, name, title }) => ({ id, name, title }));
  // Only the services step lists the menu; the later steps show what was chosen.
  const withServices = { ...base, menu: [], query: { ...query, serviceIds }, chosen, professionals };
  if (!query.professional) return { ...withServices, step: "professional" };
  const professionalName = professionals.find((p) => p.id === query.professional)?.name ?? null;
  const days = availability.days.map((d) => ({
    date: d.date,
    count: d.starts.length,
    first: d.starts[0]?.minutes ?? null,
    state: d.state,
  }));
  const day =
    query.day && availability.days.some((d) => d.date === query.day)
      ? query.day
      : (days.find((d) => d.count > 0)?.date ?? null);
  const times = (availability.days.find((d) => d.date === day)?.starts ?? []).map(({ minutes, at }) => ({
    minutes,
    at,
  }));
  const timeStep = { ...withServices, step: "time" as const, professionalName, days, day, times };
  if (query.time == null || !day || query.day !== day) return timeStep;
  const at = wallToInstant(day, query.time);
  if (!times.some((t) => t.at === at)) {
    return { ...timeStep, notice: t("booking.notice.timeGone") };
  }
  return { ...timeStep, step: "details", at };
}

type BookingActionData = {
  errors: ClientDetailsErrors;
  values: Record<string, string>;
  form?: string;
  /** At the cap: where a signed-in client manages her appointments (a guest has each one's emailed link). */
  manage?: { href: string; label: string } | null;
  /** Bookings are made on the owner's external page: its address. */
  external?: string;
};

const MESSAGES = {
  taken: "booking.error.taken",
  unavailable: "booking.error.unavailable",
  invalid: "booking.error.invalid",
  rateLimited: "booking.error.rateLimited",
  emailLimited: "booking.error.emailLimited",
} as const satisfies Record<string, MessageKey>;

export async function bookingAction(request: Request, context: Ctx) {
  const services = getServices(context);
  const { db } = services;
  // The booking page's language (/ca/reserva in Catalan): its messages, where it leads, her emails and the deposit's.
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const settings = await getBookingSettings(db);
  // Bookings are made on the owner's external page: nothing is written here (not even a rate-limit hit).
  const booking = bookingHref(settings);
  if (booking.external) {
    return data<BookingActionData>(
      { errors: {}, values: {}, form: t("booking.external.notice"), external: booking.href },
      409,
    );
  }
  const form = await request.formData();
  const url = new URL(request.url);
  const query = parseBookingQuery(url.searchParams);
  const values = Object.fromEntries(
    ["nombre", "email", "telefono", "comentario"].map((k) => {
      const v = form.get(k);
      return [k, typeof v === "string" ? v.slice(0, 600) : ""];
    }),
  );
  const user = await getOptionalUser(request, context);
  const network = clientNetwork(context);
  const limit = await hitBookingLimit(db, network);
  if (!limit.allowed) {
    return data<BookingActionData>({ errors: {}, values, form: t(MESSAGES.rateLimited) }, tooManyRequests(limit));
  }
  const details = parseClientDetails(
    form,
    user
      ? { name: `${user.firstName} ${user.lastName}`.trim() || user.displayName, email: user.email, phone: user.phone }
      : undefined,
  );
  if (!details.ok) return data<BookingActionData>({ errors: translateErrors(details.errors, t), values }, 400);
  if (query.serviceIds.length === 0 || !query.day || query.time == null || !query.professional) {
    return data<BookingActionData>({ errors: {}, values, form: t(MESSAGES.invalid) }, 400);
  }
  // The booking's email goes to the address given (a guest's may be anyone's): limited per network and per address.
  const emails = await hitAppointmentEmailLimits(db, { network, address: details.value.email });
  if (!emails.allowed) {
    return data<BookingActionData>({ errors: {}, values, form: t(MESSAGES.emailLimited) }, tooManyRequests(emails));
  }
  // An account whose email is not verified yet books like a guest: held until the emailed link confirms it.
  const confirmedAtOnce = !!user?.emailVerified;
  const now = new Date();
  const result = await bookAppointment(db, {
    serviceIds: query.serviceIds,
    professionalId: query.professional === "any" ? null : query.professional,
    at: wallToInstant(query.day, query.time),
    client: { userId: user?.id ?? null, ...details.value },
    comment: details.value.comment,
    source: "online",
    hold: !confirmedAtOnce,
    now,
    rules: settings.rules,
    deposit: { provider: services.payments.name },
    // The booking page's language (/ca/reserva in Catalan): her emails and the deposit's follow it.
    locale,
  });
  if (!result.ok) {
    if (result.reason === "limit") {
      const manage = user
        ? { href: localHref(locale, "/perfil/citas"), label: t("booking.error.seeMyAppointments") }
        : null;
      // "Ya tienes 3 citas pendientes…": the cap of upcoming appointments (the booking rule), and how to manage them.
      const form = t("booking.error.cap", {
        limit: result.limit,
        signedIn: user ? "yes" : "no",
        phone: site.phone.display,
      });
      return data<BookingActionData>({ errors: {}, values, form, manage }, 409);
    }
    return data<BookingActionData>({ errors: {}, values, form: t(MESSAGES[result.reason]) }, 409);
  }
  if (result.depositOrderId) {
    // Held while she pays the señal on the provider's page; paying confirms it.
    const started = await startDepositCheckout(services, result.appointmentId, now).catch((err: unknown) => {
      services.logger.error(
        { err, appointmentId: result.appointmentId },
        "reservar: could not open the deposit payment",
      );
      return null;
    });
    // Without a page (the provider failed), her booking's page offers to pay again while the hold lasts.
    throw redirect(started?.url ?? localHref(locale, depositPagePath(result.appointmentId)));
  }
  if (confirmedAtOnce) {
    throw redirect(localHref(locale, `/perfil/citas?reservada=${encodeURIComponent(result.appointmentId)}`));
  }
  throw redirect(localHref(locale, depositPagePath(result.appointmentId)));
}

/**
 * /gestion/agenda/nueva: the staff book for a client who phones or walks in.
 * GET steps (services, professional, day → free times), then one POST with the
 * time and the client's details. Any active service may be booked here, also
 * those not offered online; no minimum notice.
 */
import { ANY_PROFESSIONAL } from "~/components/staff/diary/labels.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { loadAvailability, type AvailabilityRefusal } from "~/bookings/availability.server.ts";
import { clientContact } from "~/bookings/diary-detail.server.ts";
import { staffBookingRules } from "~/bookings/diary.server.ts";
import { listActiveProfessionals, listActiveServices } from "~/bookings/menu.server.ts";
import { getServices } from "~/context.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { isDate } from "~/domain/salon-time.ts";
import { TAKEN_MESSAGE } from "./gestion.agenda.cita.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** "cualquiera": the first professional free at that time. */

const REFUSALS: Record<AvailabilityRefusal, string> = {
  "unknown-service": "Alguno de esos servicios ya no existe o no está activo: vuelve a elegir.",
  "unknown-professional": "Esa profesional no existe o ya no está activa: elige otra.",
  "no-professional": "Ninguna profesional hace todos esos servicios: elige menos servicios u otra profesional.",
};

type NewAppointmentField = "at" | "nombre" | "telefono" | "email" | "nota";

interface NewAppointmentActionData {
  errors: Partial<Record<NewAppointmentField | "form", string>>;
  values: Record<"nombre" | "telefono" | "email" | "nota", string>;
}

export async function loadNewAppointment(request: Request, context: Ctx, now = new Date()) {
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const today = madridDate(now);
  const [services, professionals] = await Promise.all([listActiveServices(db), listActiveProfessionals(db)]);
  const wanted = new Set(params.getAll("servicio"));
  // Services in a row go in the menu's order (a removal before a new set).
  const serviceIds = services.filter((s) => wanted.has(s.id)).map((s) => s.id);
  const rawPro = params.get("profesional") ?? ANY_PROFESSIONAL;
  const professional = professionals.some((p) => p.id === rawPro) ? rawPro : ANY_PROFESSIONAL;
  const rawDay = params.get("dia") ?? "";
  const day = isDate(rawDay) && rawDay >= today ? rawDay : today;
  const notes: string[] = [];
  if (rawDay && !(isDate(rawDay) && rawDay >= today))
    notes.push("Ese día no es válido o ya ha pasado: se muestra hoy.");
  if (wanted.size > serviceIds.length) notes.push("Alguno de los servicios elegidos ya no existe o no está activo.");

  let times: { minutes: number; at: number }[] | null = null;
  if (serviceIds.length > 0) {
    const result = await loadAvailability(db, {
      serviceIds,
      professionalId: professional === ANY_PROFESSIONAL ? null : professional,
      fromDate: day,
      days: 1,
      now,
      rules: await staffBookingRules(db),
      online: false,
    });
    if (result.ok) times = (result.days[0]?.starts ?? []).map((s) => ({ minutes: s.minutes, at: s.at }));
    else notes.push(REFUSALS[result.reason]);
  }
  const clientEmail = (params.get("cliente") ?? "").trim().toLowerCase();
  const contact = clientEmail ? await clientContact(db, clientEmail) : null;
  return {
    today,
    day,
    serviceIds,
    professional,
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      durationMin: s.durationMin,
      priceCents: s.priceCents,
      priceFrom: s.priceFrom,
      bookableOnline: s.bookableOnline,
    })),
    professionals: professionals.map((p) => ({ id: p.id, name: p.name })),
    times,
    notes,
    prefill: { nombre: contact?.name ?? "", telefono: contact?.phone ?? "", email: clientEmail, nota: "" },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** The client's details from the form; errors in Spanish by field. */
function parseClientFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values = {
    nombre: text("nombre"),
    telefono: text("telefono"),
    email: text("email").toLowerCase(),
    nota: text("nota"),
  };
  const errors: NewAppointmentActionData["errors"] = {};
  if (!values.nombre) errors.nombre = "Escribe el nombre de la clienta.";
  else if (values.nombre.length > 100) errors.nombre = "El nombre es demasiado largo (100 caracteres como máximo).";
  const digits = values.telefono.replace(/[\s().-]/gu, "");
  if (!values.telefono) errors.telefono = "Escribe un teléfono para poder avisarla.";
  else if (!/^\+?\d{9,15}$/u.test(digits))
    errors.telefono = "El teléfono no parece válido: 9 cifras, o con prefijo (+34…).";
  if (values.email && (values.email.length > 254 || !EMAIL.test(values.email)))
    errors.email = "El email no parece válido. Déjalo vacío si no lo tiene.";
  if (values.nota.length > 500) errors.nota = "La nota es demasiado larga (500 caracteres como máximo).";
  return { values, errors };
}

export async function newAppointmentAction(request: Request, context: Ctx, now = new Date()) {
  const { db, jobs } = getServices(context);
  const user = getUser(context);
  const form = await request.formData();
  const { values, errors } = parseClientFields(form);
  const serviceIds = form.getAll("servicio").map(String);
  const rawPro = String(form.get("profesional") ?? ANY_PROFESSIONAL);
  const at = Number(form.get("at"));
  if (!Number.isSafeInteger(at) || at <= 0) errors.at = "Elige una hora libre.";
  if (serviceIds.length === 0) errors.form = "Elige al menos un servicio.";
  if (Object.keys(errors).length > 0) return data<NewAppointmentActionData>({ errors, values }, 400);

  const result = await bookAppointment(db, {
    serviceIds,
    professionalId: rawPro === ANY_PROFESSIONAL ? null : rawPro,
    at,
    client: { userId: null, name: values.nombre, email: values.email, phone: values.telefono },
    comment: values.nota,
    source: "staff",
    hold: false,
    now,
    rules: await staffBookingRules(db),
    actor: { id: user.id, email: user.email },
  });
  if (!result.ok) {
    const error =
      result.reason === "invalid"
        ? "Esa profesional no hace alguno de estos servicios: vuelve a elegir."
        : TAKEN_MESSAGE;
    return data<NewAppointmentActionData>({ errors: { form: error }, values }, 409);
  }
  jobs?.kick();
  return redirect(`/gestion/agenda/${encodeURIComponent(result.appointmentId)}?aviso=creada`);
}

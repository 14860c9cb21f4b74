import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getServices } from "~/context.server.ts";
import { listStaffProfessionals } from "~/bookings/menu-admin.server.ts";
import { createTimeOff, deleteTimeOff, listUpcomingTimeOff } from "~/bookings/time-off.server.ts";
import { bookingNoticeOf } from "~/components/staff/bookings/labels.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { formatAppointmentTime, isDate } from "~/domain/salon-time.ts";
import { parseTimeOffForm, timeOffText } from "~/domain/time-off-form.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

interface TimeOffActionData {
  errors: Record<string, string>;
  values: Record<string, string>;
  /** After a block was saved over live appointments: who to call. */
  conflicts?: { id: string; clientName: string; clientPhone: string; professionalName: string; when: string }[];
}

/** GET /gestion/horarios: blocks not yet over, and the professionals the form offers. */
export async function loadTimeOffPage(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const [rows, pros] = await Promise.all([listUpcomingTimeOff(db), listStaffProfessionals(db)]);
  const today = madridDate();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      who: r.professionalId === null ? "Todo el salón" : (r.professionalName ?? r.professionalId),
      wholeSalon: r.professionalId === null,
      when: timeOffText(r.startsAt, r.endsAt),
      reason: r.reason,
    })),
    professionals: pros.map((p) => ({ id: p.id, name: p.active ? p.name : `${p.name} (inactiva)` })),
    today,
    prefill: timeOffPrefill(new URL(request.url).searchParams, new Set(pros.map((p) => p.id)), today),
    notice: bookingNoticeOf(request),
  };
}

/**
 * The new block's form filled from the diary's "Bloquear tiempo" link
 * (?profesional=<id>&dia=YYYY-MM-DD): the professional and the day the diary showed.
 * Only a known professional and a real day from today on are taken; anything else is
 * left for the staff member to choose.
 */
function timeOffPrefill(
  params: URLSearchParams,
  professionalIds: ReadonlySet<string>,
  today: string,
): Record<string, string> {
  const prefill: Record<string, string> = {};
  const who = params.get("profesional") ?? "";
  if (professionalIds.has(who)) prefill.who = who;
  const day = params.get("dia") ?? "";
  if (isDate(day) && day >= today) {
    prefill.from = day;
    prefill.date = day;
  }
  return prefill;
}

/** POST /gestion/horarios — intent create | delete. */
export async function timeOffAction(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  if (values.intent === "delete") {
    const removed = await deleteTimeOff(db, actorOf(context), (values.id ?? "").slice(0, 100));
    if (!removed) {
      return data<TimeOffActionData>({ errors: { form: "Ese bloqueo ya no existe." }, values: {} }, 404);
    }
    throw redirect("/gestion/horarios?aviso=bloqueo-borrado");
  }
  if (values.intent !== "create") {
    return data<TimeOffActionData>({ errors: { form: "Acción desconocida" }, values: {} }, 400);
  }
  const parsed = parseTimeOffForm(values, madridDate());
  if (!parsed.ok) return data<TimeOffActionData>({ errors: parsed.errors, values: parsed.values }, 400);
  const result = await createTimeOff(db, actorOf(context), parsed.input);
  if (!result.ok) {
    return data<TimeOffActionData>(
      { errors: { who: "Esa profesional ya no existe; vuelve a cargar la página" }, values },
      409,
    );
  }
  if (result.conflicts.length === 0) throw redirect("/gestion/horarios?aviso=bloqueo-creado");
  return data<TimeOffActionData>({
    errors: {},
    values: {},
    conflicts: result.conflicts.map((c) => ({
      id: c.id,
      clientName: c.clientName,
      clientPhone: c.clientPhone,
      professionalName: c.professionalName,
      when: formatAppointmentTime(new Date(c.startsAt)),
    })),
  });
}

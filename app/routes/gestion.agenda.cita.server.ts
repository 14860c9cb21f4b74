/** /gestion/agenda/:appointmentId: one appointment, and cancel / move / attended / no-show. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { depositStateLine } from "~/bookings/booking-text.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { isKeptStatus, isOpenStatus } from "~/domain/appointment-status.ts";
import { cancelAppointment, moveAppointment, recordOutcome } from "~/bookings/appointment-changes.server.ts";
import { loadAvailability } from "~/bookings/availability.server.ts";
import { getAppointment } from "~/bookings/queries.server.ts";
import { staffBookingRules } from "~/bookings/diary.server.ts";
import { getServices } from "~/context.server.ts";
import { liveSaleOfAppointment } from "~/counter/sales.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { formatAppointmentTime, isDate, wallClockOf } from "~/domain/salon-time.ts";

type Ctx = Readonly<RouterContextProvider>;

export const TAKEN_MESSAGE = "Ese hueco ya no está libre: elige otro.";
export const TOO_EARLY_MESSAGE = "Todavía no ha llegado la hora de la cita: podrás marcarla cuando empiece.";

interface AppointmentActionData {
  error: string;
}

const path = (id: string, aviso: string) => `/gestion/agenda/${encodeURIComponent(id)}?aviso=${aviso}`;

function noticeFor(aviso: string | null, startsAt: string, hasEmail: boolean): string | null {
  const mail = hasEmail ? " La clienta recibirá un correo." : "";
  switch (aviso) {
    case "creada":
      return `Cita creada para el ${formatAppointmentTime(Date.parse(startsAt))}.${mail}`;
    case "movida":
      return `Cita cambiada al ${formatAppointmentTime(Date.parse(startsAt))}.${mail}`;
    case "cancelada":
      return `Cita cancelada: el hueco vuelve a estar libre.${mail}`;
    case "cancelada-senal":
      return `Cita cancelada: el hueco vuelve a estar libre y la señal se devuelve a la clienta.${mail}`;
    case "atendida":
      return "Cita marcada como atendida.";
    case "no-show":
      return "Cita marcada como «No se presentó».";
    default:
      return null;
  }
}

export async function loadAppointmentPage(id: string, request: Request, context: Ctx, now = new Date()) {
  const { db } = getServices(context);
  const appointment = await getAppointment(db, id);
  if (!appointment) throw data("Cita no encontrada", { status: 404 });
  const params = new URL(request.url).searchParams;
  const notice = noticeFor(params.get("aviso"), appointment.startsAt, appointment.clientEmail !== "");
  const started = Date.parse(appointment.startsAt) <= now.getTime();
  const canRecord = isKeptStatus(appointment.status);
  const today = madridDate(now);

  let move = null;
  if (appointment.status === "confirmed" && params.get("mover") === "1") {
    const own = wallClockOf(Date.parse(appointment.startsAt)).date;
    const rawDay = params.get("dia") ?? "";
    const day = isDate(rawDay) ? rawDay : own < today ? today : own;
    const rawPro = params.get("profesional") ?? "";
    const professionalId = rawPro || appointment.professionalId;
    const result = await loadAvailability(db, {
      serviceIds: appointment.services.map((s) => s.serviceId),
      professionalId,
      fromDate: day,
      days: 1,
      now,
      rules: await staffBookingRules(db),
      online: false,
      ignoreAppointmentId: appointment.id,
    });
    move = result.ok
      ? {
          day,
          professionalId,
          professionals: result.professionals.map((p) => ({ id: p.id, name: p.name })),
          starts: (result.days[0]?.starts ?? []).filter((s) => s.professionalIds.includes(professionalId)),
          error: day < today ? "Ese día ya ha pasado: elige otro." : null,
        }
      : {
          day,
          professionalId,
          professionals: [],
          starts: [],
          error: "Esa profesional no puede hacer estos servicios: elige otra.",
        };
  }
  const sale = isKeptStatus(appointment.status) ? await liveSaleOfAppointment(db, id) : undefined;
  return {
    appointment,
    // Its sale at the counter: charged, being charged, or null (the "Cobrar" button opens it).
    sale: sale ? { id: sale.id, charged: sale.status === "charged" } : null,
    canCharge: isKeptStatus(appointment.status),
    // The señal's line as the client's emails word it, in the staff area's Spanish.
    depositText: appointment.deposit ? depositStateLine(serverTranslator("es"), appointment.deposit) : null,
    notice,
    canCancel: isOpenStatus(appointment.status),
    canMove: appointment.status === "confirmed",
    outcome: canRecord ? { allowed: started } : null,
    move,
  };
}

/** The staff's changes to one appointment, each audited by the write it calls. */
export async function appointmentAction(id: string, request: Request, context: Ctx, now = new Date()) {
  const { db, jobs } = getServices(context);
  const user = getUser(context);
  const actor = { id: user.id, email: user.email };
  const form = await request.formData();
  const intent = form.get("intent");
  const fail = (error: string, status: number) => data<AppointmentActionData>({ error }, status);
  const exists = await getAppointment(db, id);
  if (!exists) throw data("Cita no encontrada", { status: 404 });

  if (intent === "cancel") {
    const r = await cancelAppointment(db, id, {
      by: "staff",
      now,
      rules: await staffBookingRules(db),
      actor,
      keepDeposit: form.get("quedarSenal") === "1",
    });
    if (!r.ok) return fail("Esta cita ya no se puede cancelar: ya estaba cancelada o ha pasado.", 409);
    jobs?.kick();
    return redirect(path(id, r.depositRefundCents ? "cancelada-senal" : "cancelada"));
  }
  if (intent === "attended" || intent === "no_show") {
    const r = await recordOutcome(db, id, intent, actor, now);
    if (!r.ok) {
      return r.reason === "window"
        ? fail(TOO_EARLY_MESSAGE, 409)
        : fail("Solo se puede marcar así una cita confirmada.", 409);
    }
    return redirect(path(id, intent === "attended" ? "atendida" : "no-show"));
  }
  if (intent === "move") {
    const at = Number(form.get("at"));
    const professionalId = String(form.get("profesional") ?? "").trim();
    if (!Number.isSafeInteger(at) || at <= 0 || !professionalId)
      return fail("Elige una de las horas libres de la lista.", 400);
    const r = await moveAppointment(
      db,
      id,
      { at, professionalId },
      { by: "staff", now, rules: await staffBookingRules(db), actor },
    );
    if (!r.ok) {
      return r.reason === "gone" ? fail("Solo se puede cambiar una cita confirmada.", 409) : fail(TAKEN_MESSAGE, 409);
    }
    jobs?.kick();
    return redirect(path(id, "movida"));
  }
  return fail("No se ha entendido la acción. Vuelve a intentarlo desde esta página.", 400);
}

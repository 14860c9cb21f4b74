/** /gestion/caja: the counter — the day's appointments to charge, the sales in progress and the day's sales. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { cashDayForSale } from "~/counter/cash-day.server.ts";
import { appointmentsToCharge, salesOfDay } from "~/counter/queries.server.ts";
import {
  AppointmentNotChargeableError,
  openDrafts,
  saleForAppointment,
  startWalkInSale,
} from "~/counter/sales.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";

type Ctx = Readonly<RouterContextProvider>;

export const salePath = (saleId: string) => `/gestion/caja/venta/${encodeURIComponent(saleId)}`;

export async function loadCounter(context: Ctx, now = new Date()) {
  const { db } = getServices(context);
  const today = madridDate(now);
  const cashDay = await cashDayForSale(db, now);
  const [appointments, sales, drafts] = await Promise.all([
    appointmentsToCharge(db, today),
    salesOfDay(db, cashDay),
    openDrafts(db),
  ]);
  return {
    today,
    cashDay,
    appointments,
    sales,
    drafts: drafts.map((d) => ({
      id: d.id,
      clientName: d.client_name,
      updatedAt: d.updated_at,
      appointmentId: d.appointment_id,
    })),
    takingsCents: sales.reduce((sum, s) => sum + (s.totalCents ?? 0) - s.refundedCents, 0),
  };
}

/** Opens the sale of an appointment (hers if someone opened it already) or a walk-in sale. */
export async function counterAction(request: Request, context: Ctx, now = new Date()) {
  const { db } = getServices(context);
  const user = getUser(context);
  const actor = { id: user.id, email: user.email };
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "appointment") {
    const appointmentId = String(form.get("cita") ?? "").trim();
    if (!appointmentId || appointmentId.length > 64) return data({ error: "Falta la cita que quieres cobrar." }, 400);
    try {
      return redirect(salePath(await saleForAppointment(db, appointmentId, actor, now)));
    } catch (err) {
      if (err instanceof AppointmentNotChargeableError) {
        return data({ error: "Esta cita no se puede cobrar: está cancelada, caducada o sin confirmar." }, 409);
      }
      throw err;
    }
  }
  if (intent === "walk-in") {
    // Her own professional's profile, when her account has one, is the sale's professional to start with.
    const own = await db.selectFrom("professionals").select("id").where("user_id", "=", user.id).executeTakeFirst();
    return redirect(salePath(await startWalkInSale(db, { professionalId: own?.id ?? null }, actor, now)));
  }
  return data({ error: "No se ha entendido la acción. Vuelve a intentarlo." }, 400);
}

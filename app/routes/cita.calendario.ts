import { data } from "react-router";
import { appointmentIcsFileName, buildAppointmentCalendar } from "~/bookings/appointment-ics.ts";
import { findAppointmentIdByToken, manageUrl } from "~/bookings/appointment-links.server.ts";
import { calendarInputOf } from "~/bookings/appointment-mail-data.server.ts";
import { getAppointment } from "~/bookings/queries.server.ts";
import { getServices } from "~/context.server.ts";
import type { Route } from "./+types/cita.calendario";

// GET /cita/:token/calendario.ics: the appointment of a "manage" link as an
// iCalendar file (cancelled: a file that removes it). The emailed token is the
// only key, so any other token, malformed or unknown, is a plain 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const appointmentId = await findAppointmentIdByToken(db, params.token, "manage");
  const appointment = appointmentId ? await getAppointment(db, appointmentId, { namesIn: "booked" }) : null;
  if (!appointment) throw data({ message: "Cita no encontrada" }, { status: 404 });
  const ics = buildAppointmentCalendar(
    calendarInputOf(appointment, manageUrl(config.publicUrl, params.token, appointment.locale)),
    new Date(),
    // The language it was booked in, as its emails (issue 34).
    appointment.locale,
  );
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${appointmentIcsFileName(appointment.startsAt)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

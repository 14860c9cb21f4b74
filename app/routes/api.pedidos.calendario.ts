import { courseLines } from "~/orders/order-lines.ts";
import { data } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { buildCalendar, icsFileName } from "~/orders/ics.ts";
import { orderCalendarEvents } from "~/orders/order-calendar.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import type { Route } from "./+types/api.pedidos.calendario";

// GET /api/pedidos/:orderId/calendario.ics[?curso=<courseId>]: the editions of
// one paid order (or one course of it) as an iCalendar file. Owner only: a
// resource route inside the account layout, whose middleware provides the user.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  const { db, config } = getServices(context);
  const found = await getOrderWithItems(db, params.orderId);
  if (!found || found.order.user_id !== user.id || found.order.status !== "paid") {
    throw data({ message: "Calendario no encontrado" }, { status: 404 });
  }
  const only = new URL(request.url).searchParams.get("curso");
  const items = courseLines(found.items).filter((i) => i.edition_starts_on && (!only || i.course_id === only));
  if (items.length === 0) throw data({ message: "Este pedido no tiene fechas programadas todavía" }, { status: 404 });
  // The language the order was made in, as its emails (issue 34).
  const events = orderCalendarEvents(found.order.id, items, config.publicUrl, found.order.locale);
  const ics = buildCalendar(events, new Date());
  const name = icsFileName(
    only && items.length === 1 ? `${items[0].title} ${items[0].edition_starts_on}` : "formaciones-alejandra-nails",
  );
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

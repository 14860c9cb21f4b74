/**
 * /gestion/caja/ticket/:saleId: the printable ticket of a charged counter sale
 * (app/counter/ticket.server.ts), in the client's language, and its staff
 * actions in Spanish: print, download the invoice's PDF, and "Enviar por
 * correo" (the invoices' own email, queued and audited as `counter.ticket-email`).
 * `?devolucion=<invoiceId>` shows the ticket of one of the sale's returns (its
 * rectificativa). CSRF: the server's Origin check covers every POST (server/csrf.ts).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getServices } from "~/context.server.ts";
import { isPlausibleId, loadReturnTicket, loadTicket, type Ticket } from "~/counter/ticket.server.ts";
import { queueTicketEmail } from "~/counter/ticket-email.server.ts";
import { EMAIL_INTENT, RETURN_PARAM, SENT_NOTICE, ticketHref } from "~/counter/ticket-page.ts";
import { ticketView } from "~/counter/ticket-view.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const notFound = () => data("Venta no encontrada", { status: 404 });

/** The sale's ticket, or one of its returns' (which must belong to this sale): 404 otherwise. */
async function ticketOf(context: Ctx, saleId: string, returnId: string | null): Promise<Ticket> {
  if (!isPlausibleId(saleId)) throw notFound();
  const { db } = getServices(context);
  if (returnId === null) {
    const ticket = await loadTicket(db, saleId);
    if (!ticket) throw notFound();
    return ticket;
  }
  const ticket = isPlausibleId(returnId) ? await loadReturnTicket(db, returnId) : null;
  if (!ticket || ticket.saleId !== saleId) throw data("Devolución no encontrada", { status: 404 });
  return ticket;
}

export async function loadTicketPage(request: Request, context: Ctx, saleId: string) {
  const url = new URL(request.url);
  const returnId = url.searchParams.get(RETURN_PARAM) || null;
  const ticket = await ticketOf(context, saleId, returnId);
  return {
    saleId,
    returnId,
    view: ticketView(ticket),
    invoiceNumber: ticket.document?.number ?? null,
    pdfHref: ticket.invoiceId ? `/gestion/facturas/${encodeURIComponent(ticket.invoiceId)}/pdf` : null,
    emailTo: ticket.emailTo,
    saleTicketHref: returnId ? ticketHref(saleId) : null,
    returns: ticket.returns
      .filter((r) => r.invoiceId !== ticket.invoiceId)
      .map((r) => ({ number: r.number, href: ticketHref(saleId, r.invoiceId) })),
    sent: url.searchParams.get("aviso") === SENT_NOTICE,
  };
}

const emailForm = z.object({
  intent: z.literal(EMAIL_INTENT),
  [RETURN_PARAM]: z.union([z.literal(""), z.string().max(64)]).optional(),
});

interface TicketActionData {
  error: string;
}

/** POST "Enviar por correo": queues the invoice's email to the client, then back to the ticket with a notice. */
export async function ticketAction(request: Request, context: Ctx, saleId: string) {
  const parsed = emailForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data<TicketActionData>(
      { error: "No se ha entendido la acción. Vuelve a intentarlo desde esta página." },
      400,
    );
  }
  const returnId = parsed.data[RETURN_PARAM] || null;
  const ticket = await ticketOf(context, saleId, returnId);
  if (!ticket.invoiceId || !ticket.document || !ticket.emailTo) {
    return data<TicketActionData>(
      {
        error: ticket.document
          ? "Esta venta no tiene el correo de la clienta: no hay adónde enviar la factura."
          : "La factura de esta venta aún no está emitida: no se puede enviar todavía.",
      },
      409,
    );
  }
  const services = getServices(context);
  const actor = actorOf(context);
  const result = await queueTicketEmail(services.db, actor, {
    saleId,
    invoiceId: ticket.invoiceId,
    invoiceNumber: ticket.document.number,
    to: ticket.emailTo,
  });
  if (result.outcome === "busy") {
    return data<TicketActionData>(
      {
        error: "Ya hay un correo de esta factura esperando a salir. Espera a que se envíe antes de enviarlo otra vez.",
      },
      409,
    );
  }
  services.jobs?.kick();
  services.logger.info({ saleId, invoiceId: ticket.invoiceId, staffId: actor.id }, "counter: ticket email queued");
  return redirect(ticketHref(saleId, returnId, SENT_NOTICE));
}

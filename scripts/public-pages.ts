import { addDays, madridDate } from "../app/domain/calendar-dates.ts";
import { localHref } from "../app/i18n/paths.ts";
import type { CounterRecords } from "./lib/counter-data.ts";

/** The Catalan version of each of these pages that has one (app/i18n/paths.ts), query kept. */
function withCatalan(pages: readonly string[]): string[] {
  const catalan = pages.map((p) => localHref("ca", p)).filter((p, i) => p !== pages[i]);
  return [...pages, ...catalan];
}

/** Every server-rendered public page, Spanish and Catalan, for the HTML checker, the layout sweep and Lighthouse. */
export const publicPages = withCatalan([
  "/",
  "/equipo",
  "/contacto",
  "/formaciones",
  // every filter of the catalogue (app/domain/course.ts COURSE_FILTERS) and every seeded course
  "/formaciones?categoria=iniciacion",
  "/formaciones?categoria=profesional",
  "/formaciones?categoria=experto",
  "/formaciones?categoria=intensivo",
  "/formaciones/formacion-inicio",
  "/formaciones/tecnico-manicurista",
  "/formaciones/expert-nails",
  "/formaciones/iniciacion-acrilico",
  "/servicios",
  // the booking's steps that need no time (the details step: bookingDetailsPage)
  "/reservar",
  "/reservar?servicio=semipermanente",
  "/reservar?servicio=retirada&servicio=semipermanente&profesional=any",
  "/carrito",
  "/login",
  "/registro",
  "/forgot-password",
  "/cancel",
  "/success",
  "/privacy",
  "/terms",
  "/aviso-legal",
  "/cookies",
]);

/** Pages that must answer 404 (still a full, valid page in their language). */
export const notFoundPages = [
  "/esta-pagina-no-existe",
  "/formaciones/curso-inexistente",
  "/cita/enlace-que-no-existe",
  "/reservar/confirmar/enlace-que-no-existe",
  // a Catalan address that does not exist: the 404 in Catalan
  "/ca/pagina-inexistent",
];

/**
 * The booking's time step with a service chosen, from three days ahead: far enough
 * for the client's own move and cancel to be open.
 */
export function bookingTimeStep(): string {
  return `/reservar?servicio=semipermanente&profesional=any&desde=${addDays(madridDate(), 3)}`;
}

/**
 * The booking's last step ("Tus datos") needs a free time, which depends on
 * today's date and the live diary: the address of the first time the time step
 * of `origin` offers from three days ahead (the seeded menu and team always have some).
 */
export async function bookingDetailsPage(origin: string, cookie?: string): Promise<string> {
  const timeStep = bookingTimeStep();
  const html = await (await fetch(origin + timeStep, { headers: cookie ? { cookie } : {} })).text();
  const href = /href="(\/reservar\?[^"]*hora=[^"]*)"/.exec(html)?.[1];
  if (!href) throw new Error(`no hay horas libres en ${timeStep}`);
  return href.replaceAll("&amp;", "&");
}

/**
 * Books the time of a details step through its form (as the customer of
 * `cookie`, or as a guest): the appointment's id and the page the form led to,
 * for the checks of the pages that show an appointment.
 */
export async function bookAppointment(
  origin: string,
  detailsHref: string,
  cookie?: string,
): Promise<{ id: string; landing: string }> {
  const res = await fetch(origin + detailsHref, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({
      nombre: "Nerea Comprobación",
      email: "comprobacion-invitada@example.com",
      // A phone of its own each time: one client may hold only a few upcoming online appointments (issue 31).
      telefono: `6${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      comentario: "",
      acepto: "on",
    }),
  });
  const landing = res.headers.get("location") ?? "";
  const id = /(?:reservada|cita)=([0-9a-f-]{36})/.exec(landing)?.[1];
  if (res.status !== 302 || !id) throw new Error(`no se pudo reservar ${detailsHref} (HTTP ${res.status})`);
  const url = new URL(landing, origin);
  return { id, landing: url.pathname + url.search };
}

/**
 * Buys one course as the customer of `cookie` (`an_session=…`) through the checkout
 * API and the demo gateway (a server without a Stripe key pays there, for loopback
 * clients), by card: the paid order's id, for the pages that show a purchase. Keep
 * it under 400 € (above, the API needs billing details). `editionId` names the
 * edition: without it the API takes the next open one, which another test on the
 * same server may have filled.
 */
export async function buyCourse(origin: string, cookie: string, courseId: string, editionId?: string): Promise<string> {
  const created = await fetch(`${origin}/api/create-checkout-session`, {
    method: "POST",
    headers: { origin, cookie, "content-type": "application/json" },
    body: JSON.stringify({
      items: [{ courseId, editionId }],
      paymentMethod: "card",
      withdrawalWaiver: true,
    }),
  });
  if (!created.ok) {
    const reason = await created.text().catch(() => "");
    throw new Error(`no se pudo abrir el pago de ${courseId} (HTTP ${created.status}): ${reason.slice(0, 300)}`);
  }
  const { orderId } = (await created.json()) as { orderId: string };
  const paid = await fetch(`${origin}/pago-demo/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=pay",
  });
  if (paid.status !== 302 && paid.status !== 303) throw new Error(`no se pudo pagar ${courseId} (HTTP ${paid.status})`);
  return orderId;
}

/**
 * Pages of a signed-in customer (checked with a fresh account's session), with
 * the status each must answer: the staff area refuses customers with a 403 page.
 */
export const signedInPages: [path: string, status: number][] = [
  ["/perfil/datos", 200],
  ["/perfil/cursos", 200],
  ["/perfil/compras", 200],
  ["/perfil/ajustes", 200],
  ["/perfil/citas", 200],
  ["/perfil/citas/no-existe", 404],
  ["/mis-cursos", 200],
  ["/checkout/expert-nails", 200],
  ["/checkout/formacion-inicio", 200],
  ["/verificar-email", 200],
  ["/gestion", 403],
];

/**
 * Every staff screen, seen by an owner (`edition` is "<courseId>|<editionId>" of a
 * seeded edition), with the status each must answer.
 */
export function staffPages(edition: string): [path: string, status: number][] {
  const [courseId, editionId] = edition.split("|");
  return [
    ["/gestion", 200],
    ["/gestion/pedidos", 200],
    ["/gestion/pedidos?estado=desconocido&desde=ayer&pagina=-3", 200],
    ["/gestion/cursos", 200],
    ["/gestion/cursos/nuevo", 200],
    [`/gestion/cursos/${courseId}`, 200],
    [`/gestion/cursos/${courseId}/convocatorias/nueva`, 200],
    [`/gestion/cursos/${courseId}/convocatorias/${editionId}`, 200],
    [`/gestion/cursos/${courseId}/convocatorias/${editionId}/cancelar`, 200],
    ["/gestion/convocatorias", 200],
    [`/gestion/convocatorias/${editionId}/alumnos`, 200],
    [`/gestion/convocatorias/${editionId}/alumnos?imprimir=1`, 200],
    ["/gestion/avisos", 200],
    ["/gestion/seguridad", 200],
    ["/gestion/equipo", 200],
    ["/gestion/auditoria", 200],
    ["/gestion/facturas", 200],
    ["/gestion/facturas?periodo=basura&pagina=9", 200],
    ["/gestion/datos-fiscales", 200],
    ["/gestion/agenda", 200],
    ["/gestion/agenda?vista=semana", 200],
    ["/gestion/agenda?profesional=alejandra", 200],
    ["/gestion/agenda/nueva", 200],
    ["/gestion/agenda/no-existe", 404],
    ["/gestion/clientes", 200],
    ["/gestion/servicios", 200],
    ["/gestion/servicios/nuevo", 200],
    ["/gestion/servicios/semipermanente", 200],
    ["/gestion/profesionales", 200],
    ["/gestion/profesionales/nueva", 200],
    ["/gestion/profesionales/alejandra", 200],
    ["/gestion/horarios", 200],
    // Reached from the diary's "Bloquear tiempo": the form filled with her and the day.
    ["/gestion/horarios?profesional=alejandra&dia=2099-01-05", 200],
    ["/gestion/reservas", 200],
    // The counter (issue 35); a sale's, a ticket's and a product's own pages need records: counterPages.
    ["/gestion/caja", 200],
    ["/gestion/caja/cierre", 200],
    ["/gestion/caja/cierre?dia=2099-01-05", 200],
    ["/gestion/caja/cierre?dia=ayer", 400],
    ["/gestion/caja/venta/no-existe", 404],
    ["/gestion/caja/ticket/no-existe", 404],
    ["/gestion/productos", 200],
    ["/gestion/productos/nuevo", 200],
    ["/gestion/productos/no-existe", 404],
    ["/gestion/pedidos/no-existe", 404],
    ["/gestion/activar/enlace-que-no-existe", 404],
  ];
}

/**
 * The counter's screens that show records (scripts/lib/counter-data.ts `fillCounter`):
 * its index with today's appointments, drafts and sales, a draft with every kind of
 * line, an appointment's draft, a charged sale with a return, its ticket and the
 * return's, a product, and the till open with a movement and the day's sales (after
 * `closeCashDay`, the same address shows the close and the Z report).
 */
export function counterPages(r: CounterRecords): string[] {
  return [
    "/gestion/caja",
    `/gestion/caja/venta/${r.draftSaleId}`,
    `/gestion/caja/venta/${r.appointmentSaleId}`,
    `/gestion/caja/venta/${r.chargedSaleId}`,
    `/gestion/caja/venta/${r.chargedSaleId}?aviso=cobrada&cambio=3000`,
    `/gestion/caja/ticket/${r.chargedSaleId}`,
    `/gestion/caja/ticket/${r.chargedSaleId}?devolucion=${r.returnInvoiceId}`,
    `/gestion/caja/cierre?dia=${r.cashDay}`,
    "/gestion/productos",
    `/gestion/productos/${r.productId}`,
  ];
}

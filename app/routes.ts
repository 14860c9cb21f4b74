import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { CATALAN_READY, catalanPattern, type SpanishPattern } from "./i18n/paths.ts";

// The route table, in three areas plus the resource routes. Each screen is one
// module in app/routes/; each area's frame and middleware is a layout in app/layouts/.
//
//   root.tsx              the document and the top error boundary
//   ├─ resource routes    no UI, no layout: feeds, APIs, webhooks, auth redirects
//   ├─ layouts/public     the shop's frame (header, footer, cart, chat) for every visitor page
//   │  └─ layouts/account   middleware: a signed-in user, in context (getUser)
//   └─ layouts/staff      /gestion, plain frame; middleware: a staff role
/**
 * A public page at its Spanish address and, once its Catalan version is ready
 * (app/i18n/paths.ts), at its Catalan one: the same module, a second route id.
 */
function page(spanish: SpanishPattern, file: string) {
  const es = spanish === "/" ? index(file) : route(spanish.slice(1), file);
  if (!CATALAN_READY.has(spanish)) return [es];
  const ca = catalanPattern(spanish);
  return [es, route(ca.slice(1), file, { id: `catalan:${ca}` })];
}

/** A child page of a `nestedPage`, by its full Spanish pattern; or the parent's index route. */
type ChildPage = { spanish: SpanishPattern; file: string } | { index: string };
const childPage = (spanish: SpanishPattern, file: string): ChildPage => ({ spanish, file });
const indexPage = (file: string): ChildPage => ({ index: file });

/** `full`'s path below `parent` ("/perfil/datos" below "/perfil" → "datos"); a child outside its parent is an error. */
function below(full: string, parent: string): string {
  if (!full.startsWith(`${parent}/`)) throw new Error(`${full} is not below ${parent}`);
  return full.slice(parent.length + 1);
}

/**
 * `page` for a layout page whose children have their own addresses (/perfil and
 * its sections): the Spanish parent with its children and, once the parent is
 * ready, the Catalan parent with the children that are ready, at their Catalan
 * addresses (each below the parent's). The same modules; a second route id each.
 */
function nestedPage(spanish: SpanishPattern, file: string, children: readonly ChildPage[]) {
  const es = route(
    spanish.slice(1),
    file,
    children.map((c) => ("index" in c ? index(c.index) : route(below(c.spanish, spanish), c.file))),
  );
  if (!CATALAN_READY.has(spanish)) return [es];
  const ca = catalanPattern(spanish);
  const caChildren = children.flatMap((c) => {
    if ("index" in c) return [index(c.index, { id: `catalan:${ca}/index` })];
    if (!CATALAN_READY.has(c.spanish)) return [];
    const caChild = catalanPattern(c.spanish);
    return [route(below(caChild, ca), c.file, { id: `catalan:${caChild}` })];
  });
  return [es, route(ca.slice(1), file, { id: `catalan:${ca}` }, caChildren)];
}

export default [
  // — resource routes: no UI, so outside the layouts —
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("api/catalogue", "routes/api.catalogue.ts"),
  route("api/create-checkout-session", "routes/api.create-checkout-session.ts"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("chatbot/chat", "routes/chatbot-chat.ts"),
  route("logout", "routes/logout.ts"),
  route("auth/google", "routes/auth.google.ts"),
  route("auth/google/callback", "routes/auth.google.callback.ts"),

  // — public area: every visitor page inside the shop's frame —
  layout("layouts/public.tsx", [
    // salon pages
    ...page("/", "routes/home.tsx"),
    ...page("/equipo", "routes/equipo.tsx"),
    ...page("/contacto", "routes/contacto.tsx"),
    ...page("/privacy", "routes/privacy.tsx"),
    ...page("/terms", "routes/terms.tsx"),
    ...page("/aviso-legal", "routes/aviso-legal.tsx"),
    ...page("/cookies", "routes/cookies.tsx"),
    // [bookings: public]
    ...page("/reservar", "routes/reservar.tsx"),
    ...page("/reservar/pendiente", "routes/reservar.pendiente.tsx"),
    ...page("/reservar/confirmar/:token", "routes/reservar.confirmar.tsx"),
    ...page("/cita/:token", "routes/cita.tsx"),
    route("cita/:token/calendario.ics", "routes/cita.calendario.ts"),
    ...page("/servicios", "routes/servicios.tsx"),

    // catalogue and cart
    ...page("/formaciones", "routes/formaciones.tsx"),
    ...page("/formaciones/:id", "routes/curso.tsx"),
    // The waiting list's emailed confirmation link (a button confirms: scanners only GET).
    ...page("/lista-espera/confirmar/:token", "routes/lista-espera.confirmar.tsx"),
    // The course reminder's one-click unsubscribe link (RFC 8058): GET asks, POST turns them off.
    ...page("/baja/:token", "routes/baja.tsx"),
    ...page("/carrito", "routes/carrito.tsx"),

    // sign-in and sign-up (open to visitors)
    ...page("/login", "routes/login.tsx"),
    ...page("/registro", "routes/registro.tsx"),
    ...page("/forgot-password", "routes/forgot-password.tsx"),
    ...page("/restablecer-contrasena", "routes/restablecer-contrasena.tsx"),
    ...page("/verificar-email", "routes/verificar-email.tsx"),

    // payment outcome (a visitor may land here after the session expired)
    ...page("/success", "routes/success.tsx"),
    ...page("/cancel", "routes/cancel.tsx"),
    // The demo gateway's page: a course order's buyer signs in (its loader asks); an appointment's deposit is paid by its link.
    ...page("/pago-demo/:orderId", "routes/pago-demo.tsx"),

    // — account area: signed-in users only (middleware in layouts/account.tsx) —
    layout("layouts/account.tsx", [
      ...nestedPage("/perfil", "routes/perfil.tsx", [
        indexPage("routes/perfil.index.tsx"),
        childPage("/perfil/datos", "routes/perfil.datos.tsx"),
        childPage("/perfil/citas", "routes/perfil.citas.tsx"),
        childPage("/perfil/cursos", "routes/perfil.cursos.tsx"),
        childPage("/perfil/compras", "routes/perfil.compras.tsx"),
        childPage("/perfil/ajustes", "routes/perfil.ajustes.tsx"),
      ]),
      ...page("/perfil/compras/:orderId/desistir", "routes/perfil.compras.desistir.tsx"),
      ...page("/mis-cursos", "routes/mis-cursos.tsx"),
      // One page for one course (/checkout/:courseId) and for the cart (/checkout?cursos=…).
      ...page("/checkout/:courseId?", "routes/checkout.tsx"),
      // The buyer's own invoices, as PDF (Historial de compras).
      route("perfil/compras/facturas/:invoiceId", "routes/perfil.compras.factura.ts"),
      // Resource routes about the user's own data: no UI, but the middleware guards them too.
      // [bookings: account]
      ...page("/perfil/citas/:appointmentId", "routes/perfil.citas.cita.tsx"),
      route("perfil/mis-datos.json", "routes/perfil.mis-datos.ts"),
      route("api/pedidos/:orderId/calendario.ics", "routes/api.pedidos.calendario.ts"),
    ]),

    route("*", "routes/not-found.tsx"),
  ]),

  // — staff area: /gestion, its own frame —
  ...prefix("gestion", [
    // Reached without a staff session: activation link and second factor (their own checks).
    // [staff-auth: public staff routes]
    layout("layouts/staff-plain.tsx", [
      route("activar/:token", "routes/gestion.activar.tsx"),
      route("verificar", "routes/gestion.verificar.tsx"),
    ]),

    // Middleware in layouts/staff.tsx: a staff role and a session opened with the second factor.
    layout("layouts/staff.tsx", [
      // [panel]
      index("routes/gestion.tsx"),
      route("avisos", "routes/gestion.avisos.tsx"),
      // [staff-auth: owner screens]
      route("equipo", "routes/gestion.equipo.tsx"),
      route("auditoria", "routes/gestion.auditoria.tsx"),
      route("seguridad", "routes/gestion.seguridad.tsx"),
      // [catalogue admin]
      route("cursos", "routes/gestion.cursos.tsx"),
      route("cursos/nuevo", "routes/gestion.cursos.nuevo.tsx"),
      route("cursos/:courseId", "routes/gestion.cursos.curso.tsx"),
      route("cursos/:courseId/imagen", "routes/gestion.cursos.imagen.tsx"),
      route("cursos/:courseId/convocatorias/nueva", "routes/gestion.cursos.convocatoria-nueva.tsx"),
      route("cursos/:courseId/convocatorias/:editionId", "routes/gestion.cursos.convocatoria.tsx"),
      route("cursos/:courseId/convocatorias/:editionId/cancelar", "routes/gestion.cursos.convocatoria-cancelar.tsx"),
      // [orders and attendees]
      route("pedidos", "routes/gestion.pedidos.tsx"),
      route("pedidos/exportar.csv", "routes/gestion.pedidos.exportar-csv.ts"),
      route("pedidos/:orderId", "routes/gestion.pedidos.pedido.tsx"),
      route("pedidos/:orderId/reembolsar", "routes/gestion.pedidos.reembolsar.tsx"),
      route("convocatorias", "routes/gestion.convocatorias.tsx"),
      route("convocatorias/:editionId/alumnos", "routes/gestion.convocatorias.alumnos.tsx"),
      route("convocatorias/:editionId/alumnos.csv", "routes/gestion.convocatorias.alumnos-csv.ts"),
      // [invoices]
      route("facturas", "routes/gestion.facturas.tsx"),
      route("facturas/exportar.csv", "routes/gestion.facturas.exportar-csv.ts"),
      route("facturas/exportar.zip", "routes/gestion.facturas.exportar-zip.ts"),
      route("facturas/:invoiceId/pdf", "routes/gestion.facturas.pdf.ts"),
      route("facturas/:invoiceId/subsanar", "routes/gestion.facturas.subsanar.tsx"),
      // [bookings: staff diary]
      route("agenda", "routes/gestion.agenda.tsx"),
      route("agenda/nueva", "routes/gestion.agenda.nueva.tsx"),
      route("agenda/:appointmentId", "routes/gestion.agenda.cita.tsx"),
      route("clientes", "routes/gestion.clientes.tsx"),
      // [bookings: staff menu]
      route("servicios", "routes/gestion.servicios.tsx"),
      route("servicios/nuevo", "routes/gestion.servicios.nuevo.tsx"),
      route("servicios/:serviceId", "routes/gestion.servicios.servicio.tsx"),
      route("profesionales", "routes/gestion.profesionales.tsx"),
      route("profesionales/nueva", "routes/gestion.profesionales.nueva.tsx"),
      route("profesionales/:professionalId", "routes/gestion.profesionales.profesional.tsx"),
      route("horarios", "routes/gestion.horarios.tsx"),
      route("fotos", "routes/gestion.fotos.tsx"),
      route("fotos/subir", "routes/gestion.fotos.subir.tsx"),
      // [counter: sales] (app/counter)
      route("caja", "routes/gestion.caja.tsx"),
      route("caja/venta/:saleId", "routes/gestion.caja.venta.tsx"),
      // [counter: close]
      route("caja/cifras", "routes/gestion.caja.cifras.tsx"),
      route("caja/cifras.csv", "routes/gestion.caja.cifras-csv.ts"),
      route("caja/cierre", "routes/gestion.caja.cierre.tsx"),
      // [counter: ticket]
      route("caja/ticket/:saleId", "routes/gestion.caja.ticket.tsx"),
      // [counter: products]
      route("productos", "routes/gestion.productos.tsx"),
      route("productos/nuevo", "routes/gestion.productos.nuevo.tsx"),
      route("productos/:productId", "routes/gestion.productos.producto.tsx"),
      // [bookings: staff settings]
      route("reservas", "routes/gestion.reservas.tsx"),
      // owner only: the seller's legal identity (invoices, legal pages)
      route("datos-fiscales", "routes/gestion.datos-fiscales.tsx"),
      // Unknown /gestion/… paths answer 404 only past the staff check.
      route("*", "routes/not-found.tsx", { id: "routes/gestion.not-found" }),
    ]),
  ]),
] satisfies RouteConfig;

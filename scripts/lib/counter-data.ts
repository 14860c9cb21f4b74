// Real records for the checks of the counter's screens (issue 35): the HTML
// checker (scripts/check-html.ts), the browser's layout and axe checks
// (tests/e2e/counter-screens.spec.ts) and the fuzzer's setup. Made as the staff
// make them, through the counter's own forms (POST with the staff member's
// session; the counter's modules cannot be loaded by plain Node scripts, which
// only strip types), except today's appointments, written into the database as
// the diary stores them (a Sunday's run has no free time to book). Imports the
// app by relative paths only: the fuzzer loads this before it maps "~/…".
//
// - two products (a long name; one with a single unit left);
// - two confirmed appointments today for a client with a long name: one to
//   charge, one whose sale is open (a draft with her service);
// - a walk-in draft with lines of every kind, a changed price, line and total
//   discounts and the client's tax details;
// - the till of the current cash day opened with a movement, and a walk-in
//   sale charged in it (split cash and card, change, a tip, the invoice) with
//   one unit returned (a rectificativa);
// then closeCashDay closes that till 1,50 € short with its note (its Z report).
// The e2e server shares its day with other specs: reopenCashDay gives it back.
import { randomUUID } from "node:crypto";
import { madridDate, madridTimeToInstant } from "../../app/domain/calendar-dates.ts";
import type { Db } from "../../app/db/db.server.ts";

/** The seller the servers of these checks run with (as playwright.config.ts states it): the sales are invoiced. */
export const HARNESS_SELLER_ENV = {
  SELLER_LEGAL_NAME: "Alejandra Ruiz García",
  SELLER_NIF: "12345678Z",
  SELLER_ADDRESS: "Carrer Major 48",
  SELLER_POSTAL_CODE: "08750",
  SELLER_CITY: "Molins de Rei",
  SELLER_PROVINCE: "Barcelona",
} as const;

/** The hardest name for the counter's lists, the sale's heading and the ticket. */
export const COUNTER_LONG_NAME = "María de los Ángeles Fernández-Villaverde y Castellanos de la Santísima Trinidad";

export interface CounterRecords {
  productId: string;
  /** An appointment today that nobody has started to charge. */
  appointmentId: string;
  /** The draft of the other appointment today. */
  appointmentSaleId: string;
  /** A walk-in draft with lines of every kind. */
  draftSaleId: string;
  /** Charged in `cashDay`, one unit returned. */
  chargedSaleId: string;
  /** The rectificativa of that return (the ticket's `?devolucion=`). */
  returnInvoiceId: string;
  /** The current cash day: its till open with a movement, the sale and the return (closeCashDay closes it). */
  cashDay: string;
}

/** A staff member's session on a running server. */
export interface StaffSession {
  origin: string;
  /** "an_session=…" */
  cookie: string;
}

/** Posts a form as the staff member; the address it redirects to (anything else is an error). */
export async function postForm(s: StaffSession, path: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(s.origin + path, {
    method: "POST",
    redirect: "manual",
    headers: { origin: s.origin, cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const location = res.headers.get("location");
  if ((res.status !== 302 && res.status !== 303) || !location) {
    const text = (await res.text()).replace(/\s+/gu, " ").slice(0, 300);
    throw new Error(`counter-data: POST ${path} ${JSON.stringify(fields.intent ?? "")} → HTTP ${res.status} ${text}`);
  }
  return location;
}

const saleIdIn = (location: string) => {
  const id = /\/gestion\/caja\/venta\/([^/?#]+)/u.exec(location)?.[1];
  if (!id) throw new Error(`counter-data: no sale in ${location}`);
  return decodeURIComponent(id);
};

/** A confirmed appointment today at `hour` (Madrid) with the seeded service `serviceId`, as the diary stores it. */
async function appointmentToday(db: Db, serviceId: string, professionalId: string, hour: number, now: Date) {
  const service = await db.selectFrom("services").selectAll().where("id", "=", serviceId).executeTakeFirstOrThrow();
  const id = randomUUID();
  const startsAt = madridTimeToInstant(madridDate(now), hour);
  const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000).toISOString();
  await db
    .insertInto("appointments")
    .values({
      id,
      professional_id: professionalId,
      user_id: null,
      client_name: COUNTER_LONG_NAME,
      client_email: "maria.angeles@example.com",
      client_phone: "+34611222333",
      starts_at: startsAt.toISOString(),
      ends_at: at(service.duration_min),
      blocks_until: at(service.duration_min + service.buffer_min),
      status: "confirmed",
      hold_expires_at: null,
      source: "staff",
      client_comment: "",
      price_cents: service.price_cents,
      price_from: service.price_from,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      confirmed_at: now.toISOString(),
      cancelled_at: null,
      cancelled_by: null,
    })
    .execute();
  await db
    .insertInto("appointment_services")
    .values({
      appointment_id: id,
      position: 0,
      service_id: serviceId,
      name: service.name,
      duration_min: service.duration_min,
      buffer_min: service.buffer_min,
      price_cents: service.price_cents,
      price_from: service.price_from,
    })
    .execute();
  return id;
}

/** A new product through Gestión → Productos → Nuevo; its id. */
export async function createProduct(s: StaffSession, fields: Record<string, string>): Promise<string> {
  const location = await postForm(s, "/gestion/productos/nuevo", {
    vatRate: "2100",
    allowNegativeStock: "0",
    active: "on",
    barcode: "",
    nameCa: "",
    ...fields,
  });
  const id = /\/gestion\/productos\/([^/?#]+)/u.exec(location)?.[1];
  if (!id) throw new Error(`counter-data: no product in ${location}`);
  return decodeURIComponent(id);
}

/** "Nueva venta sin cita": the new draft's id. */
export async function startWalkIn(s: StaffSession): Promise<string> {
  return saleIdIn(await postForm(s, "/gestion/caja", { intent: "walk-in" }));
}

/** One of the sale screen's forms (`intent` and its fields). */
export function editSale(s: StaffSession, saleId: string, fields: Record<string, string>): Promise<string> {
  return postForm(s, `/gestion/caja/venta/${encodeURIComponent(saleId)}`, fields);
}

/** A walk-in sale: semipermanente, two units of `productId` (12,50 €), a free line of 6 €, the client. */
export async function walkInSale(s: StaffSession, productId: string): Promise<string> {
  const saleId = await startWalkIn(s);
  await editSale(s, saleId, { intent: "add-service", servicio: "semipermanente", profesional: "" });
  await editSale(s, saleId, { intent: "add-product", producto: productId, codigo: "", unidades: "2" });
  await editSale(s, saleId, {
    intent: "add-manual",
    concepto: "Decoración a mano alzada en dos uñas",
    importe: "6,00",
    iva: "2100",
  });
  await editSale(s, saleId, { intent: "client", nombre: COUNTER_LONG_NAME, email: "maria.angeles@example.com" });
  return saleId;
}

/** The cash day the till page offers now (the first one not closed) and whether it is open. */
async function currentTill(s: StaffSession, day?: string): Promise<{ day: string; open: boolean }> {
  const res = await fetch(`${s.origin}/gestion/caja/cierre${day ? `?dia=${day}` : ""}`, {
    headers: { cookie: s.cookie },
  });
  const html = await res.text();
  const found = /name="day" value="(\d{4}-\d{2}-\d{2})"/u.exec(html)?.[1];
  if (res.status !== 200 || !found) throw new Error(`counter-data: the till page answered ${res.status}`);
  return { day: found, open: !html.includes('name="intent" value="open"') };
}

/** Opens `day`'s till (when it is not) and notes a movement in it. */
async function openTill(
  s: StaffSession,
  day: string,
  movement: { direction: "in" | "out"; amount: string; reason: string },
) {
  if (!(await currentTill(s, day)).open) {
    await postForm(s, "/gestion/caja/cierre", { intent: "open", day, float: "100,00" });
  }
  await postForm(s, "/gestion/caja/cierre", { intent: "movement", day, ...movement });
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** Writes the counter's records (see the top of this file) as the staff member of `s`; `db` is the server's. */
export async function fillCounter(s: StaffSession, db: Db, now = new Date()): Promise<CounterRecords> {
  const tag = randomUUID().replace(/\D/gu, "").padEnd(11, "7").slice(0, 11);
  const productId = await createProduct(s, {
    name: "Aceite de cutículas de almendra dulce con vitamina E, frasco de 15 ml",
    nameCa: "Oli de cutícules d'ametlla dolça amb vitamina E, flascó de 15 ml",
    price: "12,50",
    stock: "40",
    barcode: `84${tag}`,
  });
  const lastUnit = await createProduct(s, { name: "Lima de cristal", price: "8,90", stock: "1" });

  // Today's appointments: one to charge, one whose sale was opened.
  const appointmentId = await appointmentToday(db, "semipermanente", "alejandra", 10, now);
  const opened = await appointmentToday(db, "manicura", "laura", 12, now);
  const appointmentSaleId = saleIdIn(await postForm(s, "/gestion/caja", { intent: "appointment", cita: opened }));

  // A walk-in draft with a line of every kind, prices and discounts changed, a factura completa.
  const draftSaleId = await walkInSale(s, productId);
  await editSale(s, draftSaleId, { intent: "add-service", servicio: "manicura", profesional: "laura" });
  await editSale(s, draftSaleId, { intent: "add-product", producto: lastUnit, codigo: "", unidades: "1" });
  await editSale(s, draftSaleId, {
    intent: "sale-discount",
    tipoDescuento: "amount",
    descuentoTotal: "5,00",
    motivoDescuentoTotal: "Clienta habitual: cinco euros menos en el total",
  });
  await editSale(s, draftSaleId, {
    intent: "client",
    nombre: COUNTER_LONG_NAME,
    email: "maria.angeles@example.com",
    facturaCompleta: "1",
    billingName: COUNTER_LONG_NAME,
    billingTaxId: "12345678Z",
    billingAddress: "Carrer de Sant Miquel de la Creu Alta 123, escalera B, 4.º 2.ª",
    billingPostalCode: "08750",
    billingCity: "Molins de Rei",
  });
  const first = await db
    .selectFrom("counter_sale_lines")
    .select(["id", "unit_price_cents"])
    .where("sale_id", "=", draftSaleId)
    .orderBy("position")
    .executeTakeFirstOrThrow();
  await editSale(s, draftSaleId, {
    intent: "update-line",
    linea: first.id,
    unidades: "1",
    precio: euros(first.unit_price_cents - 300),
    motivoPrecio: "Retoque de una uña rota sin coste adicional",
    descuento: "2,00",
    motivoDescuento: "Esperó veinte minutos",
    profesional: "sofia",
  });

  // The current cash day: open, a movement, a sale split between card and cash with a tip, a return.
  const { day: cashDay } = await currentTill(s);
  await openTill(s, cashDay, {
    direction: "in",
    amount: "50,00",
    reason: "Cambio traído del banco: monedas de uno y dos euros",
  });
  const chargedSaleId = await walkInSale(s, productId);
  const service = await db
    .selectFrom("services")
    .select("price_cents")
    .where("id", "=", "semipermanente")
    .executeTakeFirstOrThrow();
  const dueCents = service.price_cents + 2 * 1250 + 600;
  await editSale(s, chargedSaleId, {
    intent: "charge",
    pago_card: euros(dueCents + 300 - 2_000),
    pago_cash: "20,00",
    entregado: "50,00",
    pago_bizum: "",
    propina: "3,00",
  });
  const productLine = await db
    .selectFrom("counter_sale_lines")
    .select("id")
    .where("sale_id", "=", chargedSaleId)
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  await editSale(s, chargedSaleId, {
    intent: "return",
    [`devolver_${productLine.id}`]: "1",
    metodoDevolucion: "cash",
    motivoDevolucion: "No le va bien el olor del aceite",
    confirmo: "1",
  });
  const rectificativa = await db
    .selectFrom("counter_returns")
    .innerJoin("invoices", "invoices.refund_id", "counter_returns.refund_id")
    .select("invoices.id")
    .where("counter_returns.sale_id", "=", chargedSaleId)
    .executeTakeFirstOrThrow();

  return {
    productId,
    appointmentId,
    appointmentSaleId,
    draftSaleId,
    chargedSaleId,
    returnInvoiceId: rectificativa.id,
    cashDay,
  };
}

/**
 * Closes `day`'s till (as fillCounter left it) 1,50 € short, with the note: 100 € + 50 € in
 * + 20 € of the sale − 12,50 € returned = 157,50 € expected, 156 € counted.
 */
export async function closeCashDay(s: StaffSession, day: string): Promise<void> {
  await postForm(s, "/gestion/caja/cierre", {
    intent: "close",
    day,
    d10000: "1",
    d5000: "1",
    d500: "1",
    d100: "1",
    note: "Faltan 1,50 €: un cambio mal dado por la tarde",
  });
}

/** The owner's "Reabrir la caja" of `day` (the e2e server's day goes back to the specs after it). */
export async function reopenCashDay(s: StaffSession, day: string): Promise<void> {
  await postForm(s, "/gestion/caja/cierre", {
    intent: "reopen",
    day,
    reopenReason: "Comprobación de las pantallas de la caja: se vuelve a abrir para seguir cobrando",
    confirm: "yes",
  });
}

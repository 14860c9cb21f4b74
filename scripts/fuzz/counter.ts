// The counter's side of the fuzz (issue 35): its records, made before the run
// through the counter's own forms as the owner (scripts/lib/counter-data.ts),
// the fields of each of its forms, and which record each form's address names.
// Drafts come in pools, so that the plan's charges and discards (each succeeds
// once, then answers 409) never take away the drafts the edits go to.
import type { Db } from "../../app/db/db.server.ts";
import { addDays } from "../../app/domain/calendar-dates.ts";
import {
  createProduct,
  editSale,
  fillCounter,
  HARNESS_SELLER_ENV,
  postForm,
  startWalkIn,
  walkInSale,
  type StaffSession,
} from "../lib/counter-data.ts";
import { pick, type Rng } from "../lib/util.ts";

export interface CounterCtx {
  productIds: string[];
  barcodes: string[];
  /** Today's appointments: one never charged, one with its draft. */
  appointmentIds: string[];
  /** Drafts the edits go to (the plan never charges or discards them). */
  editSaleIds: string[];
  /** Drafts with lines for the charges. */
  chargeSaleIds: string[];
  /** Drafts for "Descartar la venta". */
  discardSaleIds: string[];
  /** Charged sales (with an invoice; the first had one unit returned). */
  chargedSaleIds: string[];
  /** Lines of the edit drafts, and of the charged sales (the returns' `devolver_<line>`). */
  editLineIds: string[];
  chargedLineIds: string[];
  /** The rectificativa of the return (the ticket's `?devolucion=`). */
  returnInvoiceIds: string[];
  /** The cash day open with the sales, the next one and the one before. */
  days: string[];
}

/**
 * Makes the counter's records on a fresh run: the seller's data saved in Gestión
 * (so the sales are invoiced), then fillCounter's and more drafts in pools.
 */
export async function setupCounter(s: StaffSession, db: Db): Promise<CounterCtx> {
  await postForm(s, "/gestion/datos-fiscales", {
    legalName: HARNESS_SELLER_ENV.SELLER_LEGAL_NAME,
    nif: HARNESS_SELLER_ENV.SELLER_NIF,
    address: HARNESS_SELLER_ENV.SELLER_ADDRESS,
    postalCode: HARNESS_SELLER_ENV.SELLER_POSTAL_CODE,
    city: HARNESS_SELLER_ENV.SELLER_CITY,
    province: HARNESS_SELLER_ENV.SELLER_PROVINCE,
  });
  const r = await fillCounter(s, db);
  const barcode = "8437000000017";
  const polish = await createProduct(s, { name: "Esmalte rojo cereza", price: "9,95", stock: "3", barcode });
  const walkIns = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await walkInSale(s, r.productId));
    return ids;
  };
  const editSaleIds = [r.draftSaleId, r.appointmentSaleId, ...(await walkIns(2))];
  const chargeSaleIds = await walkIns(6);
  const discardSaleIds = [await startWalkIn(s), await startWalkIn(s), ...(await walkIns(1))];
  const [byCard] = await walkIns(1);
  await editSale(s, byCard!, { intent: "charge-all", metodo: "card", entregado: "", propina: "" });
  const chargedSaleIds = [r.chargedSaleId, byCard!];
  const linesOf = async (saleIds: string[]) =>
    (await db.selectFrom("counter_sale_lines").select("id").where("sale_id", "in", saleIds).execute()).map((l) => l.id);
  return {
    productIds: [r.productId, polish],
    barcodes: [barcode],
    appointmentIds: [r.appointmentId],
    editSaleIds,
    chargeSaleIds,
    discardSaleIds,
    chargedSaleIds,
    editLineIds: await linesOf(editSaleIds),
    chargedLineIds: await linesOf(chargedSaleIds),
    returnInvoiceIds: [r.returnInvoiceId],
    days: [r.cashDay, addDays(r.cashDay, 1), addDays(r.cashDay, -1)],
  };
}

type Fields = [string, string][];

/** The sale screen's intents (app/routes/gestion.caja.venta.server.ts, app/counter/sale-form.ts). */
export const SALE_INTENTS = [
  "add-service",
  "add-product",
  "add-manual",
  "update-line",
  "remove-line",
  "sale-discount",
  "client",
  "professional",
  "charge",
  "charge-all",
  "return",
  "discard",
];

const PROFESSIONALS = ["", "alejandra", "laura", "sofia", "profesional-inexistente"];
const SERVICES = ["semipermanente", "manicura", "servicio-inexistente"];
const EUROS = ["6,00", "12,5", "0", "0,01", "10000", "10000,01", "-3", "1.234,56", "abc", ""];
const UNITS = ["1", "2", "99", "0", "100", "-1", "1.5", ""];

/** A well-formed (now and then a wrong) body of the sale screen's `intent` form. */
export function saleFields(intent: string, k: CounterCtx, rng: Rng): Fields {
  const f: Fields = [["intent", intent]];
  const line = () => (rng() < 0.9 ? pick(rng, k.editLineIds) : "linea-inexistente");
  switch (intent) {
    case "add-service":
      return [...f, ["servicio", pick(rng, SERVICES)], ["profesional", pick(rng, PROFESSIONALS)]];
    case "add-product":
      return [
        ...f,
        ["producto", rng() < 0.6 ? pick(rng, k.productIds) : pick(rng, ["", "producto-inexistente"])],
        ["codigo", rng() < 0.5 ? pick(rng, k.barcodes) : pick(rng, ["", "0000000000000"])],
        ["unidades", pick(rng, UNITS)],
      ];
    case "add-manual":
      return [
        ...f,
        ["concepto", pick(rng, ["Decoración a mano alzada", "", "x".repeat(200)])],
        ["importe", pick(rng, EUROS)],
        ["iva", pick(rng, ["2100", "1000", "400", "700", ""])],
        ["profesional", pick(rng, PROFESSIONALS)],
      ];
    case "update-line":
      return [
        ...f,
        ["linea", line()],
        ["unidades", pick(rng, UNITS)],
        ["precio", pick(rng, EUROS)],
        ["motivoPrecio", pick(rng, ["", "Retoque sin coste"])],
        ["descuento", pick(rng, EUROS)],
        ["motivoDescuento", pick(rng, ["", "Clienta habitual"])],
        ["profesional", pick(rng, PROFESSIONALS)],
      ];
    case "remove-line":
      return [...f, ["linea", line()]];
    case "sale-discount":
      return [
        ...f,
        ["tipoDescuento", pick(rng, ["percent", "amount", "none", "otro"])],
        ["descuentoTotal", pick(rng, ["10", "10 %", "5,00", "100", "150", "0", "-3", ""])],
        ["motivoDescuentoTotal", pick(rng, ["", "Clienta habitual"])],
      ];
    case "client":
      return [
        ...f,
        ["nombre", pick(rng, ["Lucía Pérez", "", "x".repeat(300)])],
        ["email", pick(rng, ["lucia@example.com", "", "no-es-un-correo"])],
        ["facturaCompleta", pick(rng, ["", "1"])],
        ["billingName", "Lucía Pérez"],
        ["billingTaxId", pick(rng, ["12345678Z", "X1234567L", "123"])],
        ["billingAddress", "Carrer Major 48"],
        ["billingPostalCode", pick(rng, ["08750", "8750"])],
        ["billingCity", "Molins de Rei"],
      ];
    case "professional":
      return [...f, ["profesional", pick(rng, PROFESSIONALS)]];
    case "charge":
      return [
        ...f,
        ["pago_card", pick(rng, EUROS)],
        ["pago_cash", pick(rng, EUROS)],
        ["entregado", pick(rng, EUROS)],
        ["pago_bizum", pick(rng, EUROS)],
        ["propina", pick(rng, ["", "0", "2,00", "10000,01"])],
      ];
    case "charge-all":
      return [
        ...f,
        ["metodo", pick(rng, ["cash", "card", "bizum", "cheque"])],
        ["entregado", pick(rng, ["", "100,00", "1,00", "abc"])],
        ["propina", pick(rng, ["", "0", "2,00", "-1"])],
      ];
    case "return":
      // Mostly a return that could be made (a unit of a charged line): some succeed, the rest are refused.
      return [
        ...f,
        [
          `devolver_${rng() < 0.9 ? pick(rng, k.chargedLineIds) : "linea-inexistente"}`,
          rng() < 0.7 ? "1" : pick(rng, UNITS),
        ],
        ["metodoDevolucion", rng() < 0.8 ? pick(rng, ["cash", "card", "bizum"]) : "cheque"],
        ["motivoDevolucion", rng() < 0.8 ? "No le va bien" : pick(rng, ["", "x".repeat(400)])],
        ["confirmo", "1"],
      ];
    default:
      return f;
  }
}

/** POST /gestion/caja: open an appointment's sale, or a walk-in one. */
export function counterFields(intent: string, k: CounterCtx, rng: Rng): Fields {
  if (intent !== "appointment") return [["intent", intent]];
  const cita = rng() < 0.8 ? pick(rng, k.appointmentIds) : pick(rng, ["cita-inexistente", "", "x".repeat(80)]);
  return [
    ["intent", intent],
    ["cita", cita],
  ];
}

/** POST /gestion/caja/cierre: the till's open, movement, close and reopen. */
export function cashCloseFields(intent: string, k: CounterCtx, rng: Rng): Fields {
  const day: [string, string] = ["day", rng() < 0.85 ? pick(rng, k.days) : pick(rng, ["2026-02-30", "ayer", ""])];
  switch (intent) {
    case "open":
      return [["intent", intent], day, ["float", pick(rng, ["100,00", "0", "10000,01", "abc"])]];
    case "movement":
      return [
        ["intent", intent],
        day,
        ["direction", pick(rng, ["in", "out", "lateral"])],
        ["amount", pick(rng, ["20,00", "0", "10000,01", "-5"])],
        ["reason", pick(rng, ["Cambio del banco", "", "x".repeat(300)])],
      ];
    case "close":
      return [
        ["intent", intent],
        day,
        ["d5000", pick(rng, ["1", "0", "", "-1", "10000", "1,5"])],
        ["d2000", pick(rng, ["2", ""])],
        ["d100", pick(rng, ["3", "abc"])],
        ["d1", pick(rng, ["", "7"])],
        ["note", pick(rng, ["", "Faltan unos céntimos", "x".repeat(600)])],
      ];
    case "reopen":
      return [
        ["intent", intent],
        day,
        ["reopenReason", pick(rng, ["Faltaba una venta", ""])],
        ["confirm", pick(rng, ["yes", "no", ""])],
      ];
    default:
      return [["intent", intent], day];
  }
}

/** A product's form (new, or saved), or its stock adjustment. */
export function productFields(intent: string, rng: Rng, i: number): Fields {
  if (intent === "ajustar-existencias") {
    return [
      ["intent", intent],
      ["delta", pick(rng, ["5", "-2", "+3", "−1", "0", "-100000", "abc"])],
      ["reason", pick(rng, ["Recuento", "", "x".repeat(200)])],
    ];
  }
  return [
    ["intent", "guardar"],
    ["name", pick(rng, ["Lima de cristal", "", "x".repeat(100)])],
    ["nameCa", pick(rng, ["", "Llima de vidre"])],
    ["price", pick(rng, ["8,90", "0", "10000,01", "abc"])],
    ["vatRate", pick(rng, ["2100", "1000", "400", "700"])],
    ["stock", pick(rng, ["10", "0", "-1", "100000"])],
    ["barcode", rng() < 0.5 ? "" : pick(rng, [`84${String(i).padStart(11, "0")}`, "8437000000017", "con espacios"])],
    ["allowNegativeStock", pick(rng, ["0", "1", "2"])],
    ["active", pick(rng, ["on", ""])],
  ];
}

/** Which record a counter address names, by the form's intent (`variant`): each pool as above. */
export function counterParam(name: string, k: CounterCtx, rng: Rng, method: string, variant = ""): string {
  if (name === "productId") return rng() < 0.9 ? pick(rng, k.productIds) : "producto-inexistente";
  if (rng() < 0.08) return "venta-inexistente";
  if (method === "GET") {
    return pick(rng, [...k.editSaleIds, ...k.chargeSaleIds, ...k.chargedSaleIds]);
  }
  if (variant === "intent=discard") return pick(rng, k.discardSaleIds);
  if (variant === "intent=charge" || variant === "intent=charge-all") return pick(rng, k.chargeSaleIds);
  if (variant === "intent=return" || variant === "intent=enviar-correo") return pick(rng, k.chargedSaleIds);
  // An edit: now and then of a charged sale, which refuses it (409).
  return rng() < 0.9 ? pick(rng, k.editSaleIds) : pick(rng, k.chargedSaleIds);
}

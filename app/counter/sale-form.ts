/**
 * The sale screen's forms (/gestion/caja/venta/:saleId) read into edits and a
 * charge, with the Spanish message for every refusal. Pure: the action hands
 * the posted fields here and acts only on what comes back. Amounts are typed
 * in euros ("12,50") and read by the shared parser into cents.
 */
import { parseBillingForm, type BillingDetails } from "~/domain/billing-details.ts";
import { parseEuros } from "~/domain/euros.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import type { ChargeRefusal } from "./charge.server.ts";
import type { DraftEdit, DraftEditRefusal } from "./draft-edits.server.ts";
import type { ReturnRefusal } from "./returns.server.ts";
import {
  COUNTER_PAYMENT_METHODS,
  COUNTER_VAT_RATES_BP,
  MAX_LINE_CENTS,
  MAX_QUANTITY,
  type CounterPaymentMethod,
  type SalePayment,
} from "./sale-math.ts";

type Fields = Readonly<Record<string, string | undefined>>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const TEXT_MAX = 120;

/** A counter payment's method as the staff read it: the names the orders carry (~/domain/payment-methods.ts). */
export const PAYMENT_METHOD_LABELS: Record<CounterPaymentMethod, string> = {
  cash: paymentMethodName("cash"),
  card: paymentMethodName("card-terminal"),
  bizum: paymentMethodName("bizum"),
};

/** What the staff read when the sale cannot be charged or edited as it is. */
export const COUNTER_MESSAGES: Record<ChargeRefusal | DraftEditRefusal | ReturnRefusal, string> = {
  empty: "Añade al menos una línea antes de cobrar.",
  "too-many-lines": "Una venta admite como mucho 40 líneas.",
  quantity: "Las unidades deben ser un número entero entre 1 y 99.",
  price: "El precio de una línea debe estar entre 0 y 10.000 €.",
  "price-reason": "Has cambiado un precio: escribe el motivo en su línea.",
  "line-discount": "El descuento de una línea no puede superar su importe.",
  "line-discount-reason": "Escribe el motivo del descuento de la línea.",
  "sale-discount": "El descuento del total no puede superar lo que se cobra (ni el 100 %).",
  "sale-discount-reason": "Escribe el motivo del descuento del total.",
  "deposit-exceeds": "La señal pagada supera lo que queda por cobrar: revisa las líneas.",
  tip: "La propina debe ser un importe entre 0 y 10.000 €.",
  "payment-amount": "Revisa los importes de cada forma de pago.",
  "payments-mismatch": "Los pagos no suman el total a cobrar más la propina.",
  "cash-short": "El efectivo entregado es menor que el importe en efectivo.",
  "change-without-cash": "Solo se da cambio de un pago en efectivo.",
  "needs-billing": "Más de 3.000 €: hace falta factura completa con el NIF y la dirección de la clienta.",
  "billing-invalid": "Los datos fiscales de la clienta no son válidos: revísalos.",
  "out-of-stock": "No quedan existencias de un producto de la venta.",
  "already-charged": "Esta venta ya se ha cobrado.",
  gone: "Esta venta ya no existe o se ha descartado.",
  "unknown-service": "Ese servicio no existe.",
  "unknown-product": "No hay ningún producto activo con ese código.",
  "unknown-line": "Esa línea ya no está en la venta.",
  "unknown-professional": "Esa profesional no existe.",
  "not-charged": "Solo se puede devolver una venta cobrada.",
  "no-lines": "Elige qué líneas se devuelven.",
  line: "Esa línea no es de esta venta.",
  "nothing-left": "No queda nada por devolver de esta venta.",
  reason: "Escribe el motivo de la devolución.",
  method: "Elige cómo se devuelve el dinero.",
};

function text(fields: Fields, name: string): string | null {
  const value = (fields[name] ?? "").trim().slice(0, TEXT_MAX);
  return value === "" ? null : value;
}

function euros(fields: Fields, name: string, empty: number | null = null): Parsed<number> {
  const raw = (fields[name] ?? "").trim();
  if (raw === "" && empty !== null) return { ok: true, value: empty };
  const parsed = parseEuros(raw);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.cents > MAX_LINE_CENTS) return { ok: false, error: "El importe admite como mucho 10.000 €" };
  return { ok: true, value: parsed.cents };
}

function units(fields: Fields, name: string): Parsed<number> {
  const n = Number((fields[name] ?? "1").trim() || "1");
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_QUANTITY
    ? { ok: true, value: n }
    : { ok: false, error: COUNTER_MESSAGES.quantity };
}

/** The VAT of a manual line: one of the counter's rates, 21 % by default. */
function vatRate(fields: Fields): number | null {
  const n = Number(fields.iva ?? "2100");
  return (COUNTER_VAT_RATES_BP as readonly number[]).includes(n) ? n : null;
}

/** The edit an `intent` posts, or the message to show. */
export function parseEdit(intent: string, fields: Fields): Parsed<DraftEdit> {
  const professionalId = text(fields, "profesional");
  switch (intent) {
    case "add-service": {
      const serviceId = text(fields, "servicio");
      return serviceId
        ? { ok: true, value: { kind: "add-service", serviceId, professionalId } }
        : { ok: false, error: "Elige un servicio." };
    }
    case "add-product": {
      const productId = text(fields, "producto");
      const barcode = text(fields, "codigo");
      const quantity = units(fields, "unidades");
      if (!quantity.ok) return quantity;
      if (!productId && !barcode) return { ok: false, error: "Elige un producto o escribe su código de barras." };
      return { ok: true, value: { kind: "add-product", productId, barcode, quantity: quantity.value } };
    }
    case "add-manual": {
      const description = text(fields, "concepto");
      if (!description) return { ok: false, error: "Escribe el concepto de la línea." };
      const price = euros(fields, "importe");
      if (!price.ok) return price;
      const rate = vatRate(fields);
      if (rate === null) return { ok: false, error: "Elige el IVA: 21 %, 10 % o 4 %." };
      return {
        ok: true,
        value: { kind: "add-manual", description, priceCents: price.value, vatRateBp: rate, professionalId },
      };
    }
    case "update-line": {
      const lineId = text(fields, "linea");
      if (!lineId) return { ok: false, error: COUNTER_MESSAGES["unknown-line"] };
      const quantity = units(fields, "unidades");
      if (!quantity.ok) return quantity;
      const price = euros(fields, "precio");
      if (!price.ok) return price;
      const discount = euros(fields, "descuento", 0);
      if (!discount.ok) return discount;
      return {
        ok: true,
        value: {
          kind: "update-line",
          lineId,
          quantity: quantity.value,
          unitPriceCents: price.value,
          priceReason: text(fields, "motivoPrecio"),
          discountCents: discount.value,
          discountReason: text(fields, "motivoDescuento"),
          professionalId,
        },
      };
    }
    case "remove-line": {
      const lineId = text(fields, "linea");
      return lineId
        ? { ok: true, value: { kind: "remove-line", lineId } }
        : { ok: false, error: COUNTER_MESSAGES["unknown-line"] };
    }
    case "sale-discount": {
      const kind = fields.tipoDescuento;
      if (kind === "none" || !(fields.descuentoTotal ?? "").trim())
        return { ok: true, value: { kind: "sale-discount", discount: null } };
      const reason = text(fields, "motivoDescuentoTotal");
      if (kind === "percent") {
        const n = Number((fields.descuentoTotal ?? "").replace(",", ".").replace("%", "").trim());
        if (!Number.isFinite(n) || n <= 0 || n > 100)
          return { ok: false, error: "El porcentaje debe estar entre 0 y 100." };
        return {
          ok: true,
          value: { kind: "sale-discount", discount: { kind: "percent", value: Math.round(n * 100), reason } },
        };
      }
      if (kind === "amount") {
        const amount = euros(fields, "descuentoTotal");
        if (!amount.ok) return amount;
        return {
          ok: true,
          value: { kind: "sale-discount", discount: { kind: "amount", value: amount.value, reason } },
        };
      }
      return { ok: false, error: "Elige si el descuento es un porcentaje o un importe." };
    }
    case "client": {
      const email = text(fields, "email");
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(email))
        return { ok: false, error: "Escribe un correo válido, o déjalo vacío." };
      let billing: BillingDetails | null = null;
      if (fields.facturaCompleta === "1") {
        const parsed = parseBillingForm(fields, { required: true });
        if (!parsed.ok)
          return { ok: false, error: "Revisa los datos fiscales: nombre, NIF, dirección, código postal y población." };
        billing = parsed.details;
      }
      return { ok: true, value: { kind: "client", name: text(fields, "nombre"), email, billing } };
    }
    case "professional":
      return { ok: true, value: { kind: "professional", professionalId } };
    default:
      return { ok: false, error: "No se ha entendido la acción. Vuelve a intentarlo." };
  }
}

/** The payment form: an amount per method (empty is none), cash handed over, the tip. */
export function parseCharge(fields: Fields): Parsed<{ payments: SalePayment[]; tipCents: number }> {
  const payments: SalePayment[] = [];
  for (const method of COUNTER_PAYMENT_METHODS) {
    const amount = euros(fields, `pago_${method}`, 0);
    if (!amount.ok) return { ok: false, error: `${PAYMENT_METHOD_LABELS[method]}: ${amount.error}` };
    if (amount.value === 0) continue;
    const payment: SalePayment = { method, amountCents: amount.value };
    if (method === "cash" && (fields.entregado ?? "").trim()) {
      const tendered = euros(fields, "entregado");
      if (!tendered.ok) return { ok: false, error: `Efectivo entregado: ${tendered.error}` };
      payment.tenderedCents = tendered.value;
    }
    payments.push(payment);
  }
  const tip = euros(fields, "propina", 0);
  if (!tip.ok) return { ok: false, error: `Propina: ${tip.error}` };
  return { ok: true, value: { payments, tipCents: tip.value } };
}

/** The posted fields of a form as plain strings (files and repeated names ignored). */
export function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value;
  return fields;
}

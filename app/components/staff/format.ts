/**
 * Display helpers of the staff screens: Madrid date-times, order references and
 * the Spanish names of job, event and edition states. Pure (server and browser).
 */
import { shortOrderId } from "~/domain/order-reference.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { csvDate } from "~/lib/csv.ts";
import { lookup } from "~/lib/lookup.ts";

/** "2027-01-12T13:05:00Z" → "12 de enero de 2027, 14:05" (Madrid); "—" when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : madridDateTimeText(date);
}

/** "dd/mm/aaaa" of a date or instant (Madrid), as in the CSV. */
export const formatShortDate = csvDate;

/** The reference the buyer sees in emails: the first 8 characters, upper case. */
export const orderRef = shortOrderId;

const emailKinds: Record<string, string> = {
  "email:order-confirmation": "Confirmación de compra",
  "email:refund-notice": "Aviso de reembolso",
  "email:password-reset": "Restablecer contraseña",
  "email:email-verification": "Verificación del correo",
  "email:salon-sale": "Aviso al salón: venta",
  "email:salon-withdrawal": "Aviso al salón: desistimiento",
  "email:withdrawal-ack": "Acuse de desistimiento",
  "email:salon-refund": "Aviso al salón: reembolso",
};

export function emailKindLabel(kind: string): string {
  return lookup(emailKinds, kind) ?? kind.replace(/^email:/u, "Correo: ");
}

const jobStatuses: Record<string, string> = {
  pending: "Pendiente",
  done: "Enviado",
  dead: "Fallido (sin más intentos)",
};

export function jobStatusLabel(status: string): string {
  return lookup(jobStatuses, status) ?? status;
}

const eventTypes: Record<string, string> = {
  "checkout.session.completed": "Pago completado en Stripe",
  "checkout.session.async_payment_succeeded": "Pago aplazado confirmado",
  "checkout.session.async_payment_failed": "Pago aplazado fallido",
  "checkout.session.expired": "Sesión de pago caducada",
  "demo.paid": "Pago de demostración",
  "refund.created": "Reembolso creado en Stripe",
  "refund.updated": "Reembolso actualizado en Stripe",
  "refund.failed": "Reembolso fallido en Stripe",
  "charge.refunded": "Cobro reembolsado en Stripe",
};

/** A payment event in Spanish; the raw type is shown next to it. */
export function paymentEventLabel(type: string): string {
  if (Object.hasOwn(eventTypes, type)) return eventTypes[type];
  if (type.startsWith("session.retrieved.")) return "Estado consultado a la pasarela";
  if (type.startsWith("demo.")) return "Pasarela de demostración";
  return "Evento de la pasarela";
}

const refundStatuses: Record<string, string> = {
  pending: "En curso",
  succeeded: "Hecho",
  failed: "Rechazado",
};

export function refundStatusLabel(status: string): string {
  return lookup(refundStatuses, status) ?? status;
}

const refundReasons: Record<string, string> = {
  "duplicate-purchase": "Compra duplicada",
  "customer-request": "A petición de la alumna",
  "edition-cancelled": "Convocatoria cancelada",
  staff: "Otro motivo (equipo)",
  withdrawal: "Desistimiento",
  provider: "Desde el panel de Stripe",
};

export function refundReasonLabel(reason: string): string {
  return lookup(refundReasons, reason) ?? reason;
}

const editionStatuses: Record<string, string> = {
  open: "Abierta",
  full: "Completa",
  closed: "Cerrada",
  cancelled: "Cancelada",
};

export function editionStatusLabel(status: string): string {
  return lookup(editionStatuses, status) ?? status;
}

/** Marketing consent as the attendee list shows it: "Sí (12/01/2027)" or "No". */
export function consentText(newsletter: boolean, consentAt: string | null): string {
  if (!newsletter) return "No";
  return consentAt ? `Sí (${csvDate(consentAt)})` : "Sí";
}

const endReasons: Record<string, string> = {
  expired: "Acceso caducado (volvió a comprar)",
  duplicate: "Inscripción duplicada",
  refunded: "Reembolsada",
  withdrawal: "Desistimiento",
  cancelled: "Cancelada",
};

export function endReasonLabel(reason: string | null): string {
  if (!reason) return "Baja";
  return endReasons[reason] ?? reason;
}

/** "Ana López" from an account's names, or its display name. */
export function personName(p: { firstName: string; lastName: string; displayName: string }): string {
  return [p.firstName, p.lastName].filter(Boolean).join(" ") || p.displayName;
}

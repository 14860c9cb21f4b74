/**
 * The audit log in words, for the owner's screen (/gestion/auditoria): the Spanish
 * name of every action code the app writes, of the kinds of record and of their
 * fields, and each value as people read it (euros, Madrid dates, Sí/No, roles,
 * states). Pure. `AuditAction` types what `recordAudit` accepts, so a new code
 * cannot be written without its label; the unit test also scans the sources.
 */
import { madridWallClock } from "./calendar-dates.ts";
import { euroText } from "./es-format.ts";
import { purchaseStatusView } from "./purchase-status.ts";
import { STAFF_REFUND_REASON_LABELS } from "./refund-form.ts";
import { ROLE_LABELS } from "./roles.ts";
import { NOTIFY_LABELS } from "./salon-notify.ts";
import { lookup } from "../lib/lookup.ts";

/** Every action code the app writes, with what the owner reads. */
export const AUDIT_ACTION_LABELS = {
  "appointment.create": "Cita creada",
  "appointment.cancel": "Cita cancelada",
  "appointment.move": "Cita cambiada de hora",
  "appointment.attended": "Cita atendida",
  "appointment.no-show": "Cita: la clienta no se presentó",
  "booking-settings.update": "Ajustes de reservas cambiados",
  "cash.open": "Caja abierta con su cambio inicial",
  "cash.movement": "Entrada o salida de efectivo en caja",
  "cash.close": "Cierre de caja",
  "cash.reopen": "Caja reabierta",
  "client-notes.update": "Notas de la clienta editadas",
  "counter.open": "Venta en caja empezada",
  "counter.edit": "Venta en caja editada",
  "counter.discard": "Venta en caja descartada",
  "counter.charge": "Venta cobrada en caja",
  "counter.return": "Devolución en caja",
  "counter.ticket-email": "Ticket enviado por correo",
  "course.create": "Curso creado",
  "course.update": "Curso editado",
  "course.publish": "Curso publicado",
  "course.unpublish": "Curso retirado de la web",
  "course.image": "Imagen del curso cambiada",
  "edition.create": "Convocatoria creada",
  "edition.update": "Convocatoria editada",
  "edition.close": "Convocatoria cerrada",
  "edition.reopen": "Convocatoria reabierta",
  "edition.cancel": "Convocatoria cancelada",
  "invoice.subsanacion": "Registro de facturación rechazado subsanado y reenviado",
  "order.refund": "Reembolso de pedido",
  "order.resend-confirmation": "Confirmación de pedido reenviada",
  "photo.upload": "Foto subida",
  "photo.replace": "Foto sustituida",
  "photo.remove": "Foto quitada",
  "photo.describe": "Texto de la foto editado",
  "photo.move": "Foto cambiada de orden",
  "product.create": "Producto creado",
  "product.update": "Producto editado",
  "product.stock": "Existencias ajustadas",
  "professional.create": "Profesional añadida",
  "professional.update": "Profesional editada",
  "salon-settings.update": "Avisos al salón cambiados",
  "seller.update": "Datos fiscales editados",
  "service.create": "Servicio creado",
  "service.update": "Servicio editado",
  "service.review": "Servicio marcado como revisado",
  "staff.activate": "Cuenta del equipo activada",
  "staff.invite": "Invitación al equipo",
  "staff.invite-revoke": "Invitación anulada",
  "staff.recovery-code-use": "Código de recuperación usado",
  "staff.recovery-codes": "Códigos de recuperación nuevos",
  "staff.remove": "Persona quitada del equipo",
  "staff.role-change": "Rol cambiado",
  "time-off.create": "Tiempo bloqueado",
  "time-off.delete": "Bloqueo de tiempo borrado",
  "waitlist-settings.update": "Ajustes de la lista de espera cambiados",
  "waitlist.offer": "Plaza ofrecida desde la lista de espera",
  "waitlist.remove": "Quitada de la lista de espera",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** An action's label; a code no longer written (old entries) shows as stored. */
export function auditActionLabel(code: string): string {
  return lookup(AUDIT_ACTION_LABELS, code) ?? code;
}

const ENTITY_LABELS: Record<string, string> = {
  appointment: "Cita",
  cash_day: "Caja del día",
  client: "Clienta",
  counter_sale: "Venta en caja",
  course: "Curso",
  edition: "Convocatoria",
  invoice: "Factura",
  order: "Pedido",
  photo: "Foto",
  product: "Producto",
  professional: "Profesional",
  salon_settings: "Ajustes del salón",
  seller: "Datos fiscales",
  service: "Servicio",
  staff_invitation: "Invitación",
  "time-off": "Bloqueo de tiempo",
  user: "Persona del equipo",
  waitlist: "Lista de espera",
};

export function auditEntityLabel(type: string): string {
  return lookup(ENTITY_LABELS, type) ?? type;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** A record's id as shown: an order by its reference, a generated id by its first 8 characters, others whole. */
export function auditEntityIdText(type: string, id: string): string {
  return type === "order" || UUID.test(id) ? id.slice(0, 8).toUpperCase() : id;
}

const FIELD_LABELS: Record<string, string> = {
  active: "Activa",
  aeatCode: "Código de la AEAT",
  aeatMessage: "Mensaje de la AEAT",
  aeatState: "Estado en la AEAT",
  address: "Dirección",
  allowNegativeStock: "Vender sin existencias",
  alt: "Texto alternativo",
  amountCents: "Importe",
  barcode: "Código de barras",
  bookableOnline: "Reservable en la web",
  bufferMin: "Margen tras el servicio (min)",
  cancelledAt: "Cancelada el",
  caption: "Pie de foto",
  category: "Categoría",
  city: "Población",
  classSize: "Alumnas por grupo",
  client: "Clienta",
  commissionBp: "Comisión (puntos básicos: 1000 = 10 %)",
  confirmationSentAt: "Confirmación enviada",
  corrects: "Subsana el registro",
  courseId: "Curso",
  delta: "Unidades que entran o salen",
  depositCents: "Señal",
  depositRefundCents: "Señal devuelta",
  description: "Descripción",
  descriptionCa: "Descripción (catalán)",
  duration: "Duración",
  durationCa: "Duración (catalán)",
  durationMin: "Duración (min)",
  email: "Correo",
  emailed: "Enviada por correo",
  emailJob: "Correo en cola",
  endsAt: "Termina",
  endsOn: "Fin",
  expiresAt: "Caduca",
  externalUrl: "Página de reservas externa",
  features: "Puntos destacados",
  featuresCa: "Puntos destacados (catalán)",
  files: "Archivo",
  highlighted: "Destacado",
  hours: "Horario semanal",
  id: "Identificador",
  image: "Imagen",
  keepDeposit: "Se queda la señal",
  legalName: "Nombre o razón social",
  level: "Nivel",
  levelCa: "Nivel (catalán)",
  mode: "Dónde se reserva",
  name: "Nombre",
  nameCa: "Nombre (catalán)",
  nif: "NIF",
  note: "Nota",
  notes: "Notas",
  "notify.address": "Correo de los avisos",
  offerHours: "Horas para aceptar una plaza",
  originalPriceCents: "Precio original",
  pendingRefundCents: "Reembolso en curso",
  position: "Posición",
  postalCode: "Código postal",
  priceCents: "Precio",
  priceFrom: "Precio «desde»",
  professionalId: "Profesional",
  professionalIds: "Profesionales",
  province: "Provincia",
  published: "Publicado",
  reason: "Motivo",
  record: "Registro de facturación",
  recoveryCodesLeft: "Códigos de recuperación",
  refundedCents: "Reembolsado",
  refundId: "Reembolso",
  refundStatus: "Estado del reembolso",
  registry: "Registro Mercantil",
  reviewPending: "Pendiente de revisar",
  role: "Rol",
  "rules.cancelHours": "Plazo para cancelar (horas)",
  "rules.holdMinutes": "Reserva sin confirmar (min)",
  "rules.horizonDays": "Días de antelación máxima",
  "rules.maxUpcomingPerClient": "Citas pendientes por clienta",
  "rules.noticeMinutes": "Antelación mínima (min)",
  schedule: "Horario",
  seats: "Plazas",
  seatsTaken: "Plazas ocupadas",
  seriesPrefix: "Serie de facturas",
  serviceIds: "Servicios",
  services: "Servicios",
  slot: "Lugar",
  sortOrder: "Orden",
  startsAt: "Empieza",
  startsOn: "Inicio",
  status: "Estado",
  stock: "Existencias",
  subjectId: "De quién o de qué",
  title: "Título",
  titleCa: "Título (catalán)",
  to: "Destinatario",
  totalCents: "Total",
  twoFactor: "Verificación en dos pasos",
  userId: "Cuenta",
  vatRateBp: "IVA (puntos básicos: 2100 = 21 %)",
  vatTreatment: "IVA",
};

/** A field's label; a notice switch by its kind ("notify.sale" → "Aviso: Ventas"); one without a label as stored. */
export function auditFieldLabel(field: string): string {
  const notice = field.startsWith("notify.") ? lookup(NOTIFY_LABELS, field.slice("notify.".length)) : undefined;
  return lookup(FIELD_LABELS, field) ?? (notice ? `Aviso: ${notice}` : field);
}

const STATUS_LABELS: Record<string, Record<string, string>> = {
  appointment: {
    held: "Pendiente de confirmar",
    confirmed: "Confirmada",
    cancelled: "Cancelada",
    attended: "Atendida",
    no_show: "No se presentó",
  },
  edition: { open: "Abierta", full: "Completa", closed: "Cerrada", cancelled: "Cancelada" },
  waitlist: {
    pending: "Sin confirmar",
    waiting: "En espera",
    offered: "Plaza ofrecida",
    removed: "Quitada",
    taken: "Plaza comprada",
    lapsed: "Oferta caducada",
  },
};

const REFUND_STATUS_LABELS: Record<string, string> = { pending: "En curso", succeeded: "Hecho", failed: "Rechazado" };

const ENUM_LABELS: Record<string, Record<string, string>> = {
  vatTreatment: { standard: "IVA incluido (21 %)", exempt: "Exento" },
  mode: { site: "En esta web", external: "En una página externa" },
  role: ROLE_LABELS,
  refundStatus: REFUND_STATUS_LABELS,
};

const EMPTY = "—";
const MAX_VALUE = 300;
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const WEEKDAYS = ["", "lun", "mar", "mié", "jue", "vie", "sáb", "dom"];
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

const twoDigits = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;

function dayText(date: string): string {
  const [, y, m, d] = ISO_DATE.exec(date) ?? [];
  return `${Number(d)} ${SHORT_MONTHS[Number(m) - 1]} ${y}`;
}

/** "2026-11-30T09:15:00Z" → "30 nov 2026, 10:15" (Madrid's clock). */
export function auditInstantText(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { date, minutes } = madridWallClock(instant);
  return `${dayText(date)}, ${clock(minutes)}`;
}

const isWeeklyRange = (v: unknown): v is { weekday: number; startMin: number; endMin: number } =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Record<string, unknown>).weekday === "number" &&
  typeof (v as Record<string, unknown>).startMin === "number" &&
  typeof (v as Record<string, unknown>).endMin === "number";

const capped = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);

/**
 * A value as one short line, by its field and record kind: cents as euros, ISO
 * instants and dates in Madrid, booleans as Sí/No, roles, states and reasons by
 * name, lists joined; anything else as text (capped).
 */
export function auditValueText(field: string, value: unknown, entityType = ""): string {
  if (value === undefined || value === null || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") {
    return field.endsWith("Cents") ? euroText(value) : String(value);
  }
  if (typeof value === "string") {
    if (ISO_INSTANT.test(value)) return auditInstantText(value);
    if (ISO_DATE.test(value)) return dayText(value);
    if (field === "status") {
      if (entityType === "order") return purchaseStatusView(value).label;
      return lookup(STATUS_LABELS[entityType] ?? {}, value) ?? value;
    }
    if (field === "reason" && entityType === "order") return lookup(STAFF_REFUND_REASON_LABELS, value) ?? value;
    const named = lookup(ENUM_LABELS, field);
    if (named) return lookup(named, value) ?? value;
    if (field === "refundId" && UUID.test(value)) return value.slice(0, 8).toUpperCase();
    return capped(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "Ninguno";
    if (value.every(isWeeklyRange)) {
      return value.map((r) => `${WEEKDAYS[r.weekday] ?? r.weekday} ${clock(r.startMin)}–${clock(r.endMin)}`).join(", ");
    }
    if (value.every((v) => typeof v === "string" || typeof v === "number")) return capped(value.join(", "));
  }
  return capped(JSON.stringify(value));
}

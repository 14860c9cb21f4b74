/**
 * Sales at the counter being put together (issue 35): a draft kept in the
 * database, so a reload or a dropped connection loses nothing, and so two
 * staff opening the same appointment's sale open the same one (at most one
 * live sale per appointment: a partial unique index). Every edit goes through
 * `editDraft`, which bumps the draft's version in the same transaction: an
 * edit of a sale that was charged or discarded meanwhile is refused, never
 * applied to an issued sale. Charging is in charge.server.ts.
 */
import type { Selectable } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import type { AuditAction } from "~/domain/audit-text.ts";
import type { CounterSaleLinesTable, CounterSalesTable } from "~/db/schema.ts";
import { newId } from "~/lib/ids.server.ts";
import { depositKind } from "~/orders/kinds/deposit.server.ts";
import { MAX_SALE_LINES, type CounterLineKind, type SaleDiscount, type SaleLine } from "./sale-math.ts";

export type SaleRow = Selectable<CounterSalesTable>;
export type SaleLineRow = Selectable<CounterSaleLinesTable>;

/** A sale that is no longer a draft, or is gone: the edit is refused. */
export class SaleNotEditableError extends Error {
  constructor(readonly status: string | null) {
    super(`counter sale not editable (${status ?? "unknown"})`);
  }
}

/** The appointment cannot be charged (cancelled, expired, still a hold, or unknown). */
export class AppointmentNotChargeableError extends Error {
  constructor(readonly status: string | null) {
    super(`appointment not chargeable (${status ?? "unknown"})`);
  }
}

/** What a counter sale may be for: an appointment kept or already marked. */
const CHARGEABLE_APPOINTMENT = ["confirmed", "attended", "no_show"];

/** The deposit paid online for an appointment and still held (paid, less anything given back), with its order. */
async function depositOf(db: Db, appointmentId: string): Promise<{ orderId: string; cents: number } | null> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "total_cents", "refunded_cents"])
    .where("appointment_id", "=", appointmentId)
    .where("kind", "=", depositKind.id)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (!order) return null;
  const cents = order.total_cents - order.refunded_cents;
  return cents > 0 ? { orderId: order.id, cents } : null;
}

/** The columns of a new, empty draft (the caller sets its id, client and appointment). */
function newDraft(actor: AuditActor, now: Date) {
  const nowIso = now.toISOString();
  return {
    status: "draft",
    appointment_id: null,
    client_user_id: null,
    client_name: null,
    client_email: null,
    professional_id: null,
    discount_kind: null,
    discount_value: null,
    discount_reason: null,
    deposit_order_id: null,
    billing: null,
    order_id: null,
    cash_day: null,
    created_by: actor.id ?? "",
    created_at: nowIso,
    updated_at: nowIso,
    charged_at: null,
    charged_by: null,
  };
}

/** The live (draft or charged) sale of an appointment, if any. */
export async function liveSaleOfAppointment(db: Db, appointmentId: string): Promise<SaleRow | undefined> {
  return db
    .selectFrom("counter_sales")
    .selectAll()
    .where("appointment_id", "=", appointmentId)
    .where("status", "in", ["draft", "charged"])
    .executeTakeFirst();
}

/**
 * The sale of an appointment: its live one if it has one, else a new draft
 * with the appointment's services at their booked prices, its professional,
 * its client and the deposit to deduct. Two staff at once get the same sale.
 */
export async function saleForAppointment(db: Db, appointmentId: string, actor: AuditActor, now: Date): Promise<string> {
  const existing = await liveSaleOfAppointment(db, appointmentId);
  if (existing) return existing.id;
  try {
    return await inTransaction(db, async (trx) => {
      const appointment = await trx
        .selectFrom("appointments")
        .selectAll()
        .where("id", "=", appointmentId)
        .executeTakeFirst();
      if (!appointment || !CHARGEABLE_APPOINTMENT.includes(appointment.status)) {
        throw new AppointmentNotChargeableError(appointment?.status ?? null);
      }
      const services = await trx
        .selectFrom("appointment_services")
        .selectAll()
        .where("appointment_id", "=", appointmentId)
        .orderBy("position")
        .execute();
      const deposit = await depositOf(trx, appointmentId);
      const id = newId();
      await trx
        .insertInto("counter_sales")
        .values({
          id,
          ...newDraft(actor, now),
          appointment_id: appointmentId,
          client_user_id: appointment.user_id,
          client_name: appointment.client_name,
          client_email: appointment.client_email || null,
          locale: appointment.locale,
          professional_id: appointment.professional_id,
          deposit_order_id: deposit?.orderId ?? null,
          deposit_cents: deposit?.cents ?? 0,
        })
        .execute();
      if (services.length > 0) {
        await trx
          .insertInto("counter_sale_lines")
          .values(
            services.map((s, position) => ({
              id: newId(),
              sale_id: id,
              position,
              kind: "service",
              service_id: s.service_id,
              product_id: null,
              professional_id: appointment.professional_id,
              description: s.name,
              list_price_cents: s.price_cents,
              unit_price_cents: s.price_cents,
              price_reason: null,
              discount_reason: null,
              order_item_id: null,
            })),
          )
          .execute();
      }
      await recordAudit(trx, actor, {
        action: "counter.open",
        entityType: "counter_sale",
        entityId: id,
        after: { appointmentId, depositCents: deposit?.cents ?? 0 },
      });
      return id;
    });
  } catch (err) {
    // The other staff member's draft won the race: hers is the sale.
    if (isUniqueViolation(err)) {
      const winner = await liveSaleOfAppointment(db, appointmentId);
      if (winner) return winner.id;
    }
    throw err;
  }
}

/** A sale without an appointment (a walk-in, or products alone). */
export async function startWalkInSale(
  db: Db,
  input: { professionalId: string | null },
  actor: AuditActor,
  now: Date,
): Promise<string> {
  const id = newId();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("counter_sales")
      .values({
        ...newDraft(actor, now),
        id,
        professional_id: input.professionalId,
      })
      .execute();
    await recordAudit(trx, actor, { action: "counter.open", entityType: "counter_sale", entityId: id, after: {} });
  });
  return id;
}

export function getSale(db: Db, saleId: string): Promise<SaleRow | undefined> {
  return db.selectFrom("counter_sales").selectAll().where("id", "=", saleId).executeTakeFirst();
}

export function saleLines(db: Db, saleId: string): Promise<SaleLineRow[]> {
  return db.selectFrom("counter_sale_lines").selectAll().where("sale_id", "=", saleId).orderBy("position").execute();
}

/** A stored line as the pure rules read it. */
export function saleLineOf(row: SaleLineRow): SaleLine {
  return {
    id: row.id,
    kind: row.kind as CounterLineKind,
    quantity: row.quantity,
    listPriceCents: row.list_price_cents,
    unitPriceCents: row.unit_price_cents,
    priceReason: row.price_reason,
    discountCents: row.discount_cents,
    discountReason: row.discount_reason,
    vatRateBp: row.vat_rate_bp,
  };
}

/** The sale's discount on the total, as the pure rules read it. */
export function saleDiscountOf(
  row: Pick<SaleRow, "discount_kind" | "discount_value" | "discount_reason">,
): SaleDiscount | null {
  if ((row.discount_kind !== "percent" && row.discount_kind !== "amount") || row.discount_value === null) return null;
  return { kind: row.discount_kind, value: row.discount_value, reason: row.discount_reason };
}

/**
 * Runs `edit` on a draft in one transaction, after claiming it: the version
 * goes up, and a sale that is not (or no longer) a draft is refused with
 * SaleNotEditableError. The edit is audited under the caller's `audit.action`.
 */
export async function editDraft<T>(
  db: Db,
  saleId: string,
  actor: AuditActor,
  audit: { action: AuditAction },
  edit: (trx: Db, sale: SaleRow) => Promise<T>,
  now: Date,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable("counter_sales")
      .set((eb) => ({ version: eb("version", "+", 1), updated_at: now.toISOString() }))
      .where("id", "=", saleId)
      .where("status", "=", "draft")
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      const row = await trx.selectFrom("counter_sales").select("status").where("id", "=", saleId).executeTakeFirst();
      throw new SaleNotEditableError(row?.status ?? null);
    }
    const result = await edit(trx, claimed);
    await recordAudit(trx, actor, {
      action: audit.action,
      entityType: "counter_sale",
      entityId: saleId,
      after: { version: claimed.version },
    });
    return result;
  });
}

/** A new line at the end of a draft (refused past MAX_SALE_LINES). */
export async function appendLine(
  trx: Db,
  saleId: string,
  line: {
    kind: CounterLineKind;
    serviceId?: string | null;
    productId?: string | null;
    professionalId: string | null;
    description: string;
    quantity: number;
    priceCents: number;
    vatRateBp: number;
  },
): Promise<string> {
  const last = await trx
    .selectFrom("counter_sale_lines")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("position").as("max")])
    .where("sale_id", "=", saleId)
    .executeTakeFirstOrThrow();
  if (Number(last.n) >= MAX_SALE_LINES) throw new RangeError("too many lines");
  const id = newId();
  await trx
    .insertInto("counter_sale_lines")
    .values({
      id,
      sale_id: saleId,
      position: last.max === null ? 0 : Number(last.max) + 1,
      kind: line.kind,
      service_id: line.serviceId ?? null,
      product_id: line.productId ?? null,
      professional_id: line.professionalId,
      description: line.description,
      quantity: line.quantity,
      list_price_cents: line.priceCents,
      unit_price_cents: line.priceCents,
      price_reason: null,
      discount_reason: null,
      vat_rate_bp: line.vatRateBp,
      order_item_id: null,
    })
    .execute();
  return id;
}

/** The drafts in progress, the most recently touched first. */
export function openDrafts(db: Db, limit = 50): Promise<SaleRow[]> {
  return db
    .selectFrom("counter_sales")
    .selectAll()
    .where("status", "=", "draft")
    .orderBy("updated_at", "desc")
    .limit(limit)
    .execute();
}

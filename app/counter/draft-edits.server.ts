/**
 * The edits of a counter sale while it is a draft (issue 35): add a service,
 * a product (by id or barcode) or a manual line; change a line's units,
 * price (with a reason), discount (with a reason) or professional; remove a
 * line; the discount on the total; the client and her tax details for a
 * factura completa; discard the sale. Each goes through `editDraft` (one
 * transaction, the version bumped, audited `counter.edit`), so none can touch
 * a sale that was charged meanwhile. The form's parsing lives in
 * sale-form.ts; this module trusts only ids it looks up itself.
 */
import type { AuditActor } from "~/audit/audit.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { BillingDetails } from "~/domain/billing-details.ts";
import { appendLine, editDraft } from "./sales.server.ts";
import type { SaleDiscount } from "./sale-math.ts";

export type DraftEdit =
  | { kind: "add-service"; serviceId: string; professionalId: string | null }
  | { kind: "add-product"; productId: string | null; barcode: string | null; quantity: number }
  | { kind: "add-manual"; description: string; priceCents: number; vatRateBp: number; professionalId: string | null }
  | {
      kind: "update-line";
      lineId: string;
      quantity: number;
      unitPriceCents: number;
      priceReason: string | null;
      discountCents: number;
      discountReason: string | null;
      professionalId: string | null;
    }
  | { kind: "remove-line"; lineId: string }
  | { kind: "sale-discount"; discount: SaleDiscount | null }
  | { kind: "client"; name: string | null; email: string | null; billing: BillingDetails | null }
  | { kind: "professional"; professionalId: string | null };

/** Why an edit was refused (the sale itself may also be refused: SaleNotEditableError). */
export type DraftEditRefusal =
  "unknown-service" | "unknown-product" | "unknown-line" | "unknown-professional" | "too-many-lines";

export type DraftEditResult = { ok: true } | { ok: false; reason: DraftEditRefusal };

class EditRefused extends Error {
  constructor(readonly reason: DraftEditRefusal) {
    super(reason);
  }
}

async function checkProfessional(trx: Db, professionalId: string | null): Promise<void> {
  if (!professionalId) return;
  const found = await trx.selectFrom("professionals").select("id").where("id", "=", professionalId).executeTakeFirst();
  if (!found) throw new EditRefused("unknown-professional");
}

async function apply(trx: Db, saleId: string, edit: DraftEdit, saleProfessional: string | null): Promise<void> {
  switch (edit.kind) {
    case "add-service": {
      const service = await trx
        .selectFrom("services")
        .select(["id", "name", "price_cents"])
        .where("id", "=", edit.serviceId)
        .executeTakeFirst();
      if (!service) throw new EditRefused("unknown-service");
      await checkProfessional(trx, edit.professionalId);
      await appendLine(trx, saleId, {
        kind: "service",
        serviceId: service.id,
        professionalId: edit.professionalId ?? saleProfessional,
        description: service.name,
        quantity: 1,
        priceCents: service.price_cents,
        vatRateBp: 2100,
      });
      return;
    }
    case "add-product": {
      let query = trx
        .selectFrom("products")
        .select(["id", "name", "price_cents", "vat_rate_bp"])
        .where("active", "=", 1);
      query = edit.productId ? query.where("id", "=", edit.productId) : query.where("barcode", "=", edit.barcode ?? "");
      const product = await query.executeTakeFirst();
      if (!product) throw new EditRefused("unknown-product");
      // The same product again adds a unit to its line.
      const same = await trx
        .selectFrom("counter_sale_lines")
        .select(["id", "quantity"])
        .where("sale_id", "=", saleId)
        .where("product_id", "=", product.id)
        .executeTakeFirst();
      if (same) {
        await trx
          .updateTable("counter_sale_lines")
          .set({ quantity: Math.min(99, same.quantity + edit.quantity) })
          .where("id", "=", same.id)
          .execute();
        return;
      }
      await appendLine(trx, saleId, {
        kind: "product",
        productId: product.id,
        professionalId: saleProfessional,
        description: product.name,
        quantity: edit.quantity,
        priceCents: product.price_cents,
        vatRateBp: product.vat_rate_bp,
      });
      return;
    }
    case "add-manual":
      await checkProfessional(trx, edit.professionalId);
      await appendLine(trx, saleId, {
        kind: "manual",
        professionalId: edit.professionalId ?? saleProfessional,
        description: edit.description,
        quantity: 1,
        priceCents: edit.priceCents,
        vatRateBp: edit.vatRateBp,
      });
      return;
    case "update-line": {
      await checkProfessional(trx, edit.professionalId);
      const updated = await trx
        .updateTable("counter_sale_lines")
        .set({
          quantity: edit.quantity,
          unit_price_cents: edit.unitPriceCents,
          price_reason: edit.priceReason,
          discount_cents: edit.discountCents,
          discount_reason: edit.discountReason,
          professional_id: edit.professionalId,
        })
        .where("id", "=", edit.lineId)
        .where("sale_id", "=", saleId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new EditRefused("unknown-line");
      return;
    }
    case "remove-line": {
      const removed = await trx
        .deleteFrom("counter_sale_lines")
        .where("id", "=", edit.lineId)
        .where("sale_id", "=", saleId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new EditRefused("unknown-line");
      return;
    }
    case "sale-discount":
      await trx
        .updateTable("counter_sales")
        .set({
          discount_kind: edit.discount?.kind ?? null,
          discount_value: edit.discount?.value ?? null,
          discount_reason: edit.discount?.reason ?? null,
        })
        .where("id", "=", saleId)
        .execute();
      return;
    case "client":
      await trx
        .updateTable("counter_sales")
        .set({
          client_name: edit.name,
          client_email: edit.email?.toLowerCase() ?? null,
          billing: edit.billing ? JSON.stringify(edit.billing) : null,
        })
        .where("id", "=", saleId)
        .execute();
      return;
    case "professional":
      await checkProfessional(trx, edit.professionalId);
      await trx
        .updateTable("counter_sales")
        .set({ professional_id: edit.professionalId })
        .where("id", "=", saleId)
        .execute();
      return;
  }
}

/** Applies one edit to a draft (throws SaleNotEditableError for a sale no longer a draft). */
export async function editSale(
  db: Db,
  saleId: string,
  edit: DraftEdit,
  actor: AuditActor,
  now: Date,
): Promise<DraftEditResult> {
  try {
    await editDraft(
      db,
      saleId,
      actor,
      { action: "counter.edit" },
      (trx, sale) => apply(trx, saleId, edit, sale.professional_id),
      now,
    );
    return { ok: true };
  } catch (err) {
    if (err instanceof EditRefused) return { ok: false, reason: err.reason };
    if (err instanceof RangeError && err.message === "too many lines") return { ok: false, reason: "too-many-lines" };
    throw err;
  }
}

/** Discards a draft (nothing was charged; the appointment may be charged anew). */
export async function discardSale(db: Db, saleId: string, actor: AuditActor, now: Date): Promise<void> {
  await editDraft(
    db,
    saleId,
    actor,
    { action: "counter.discard" },
    async (trx) => {
      await trx.updateTable("counter_sales").set({ status: "discarded" }).where("id", "=", saleId).execute();
    },
    now,
  );
}

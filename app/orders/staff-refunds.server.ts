/**
 * A refund decided by the staff (/gestion/pedidos/:orderId/reembolsar): the
 * refund row, its job and the audit entry in ONE transaction, through the same
 * `requestRefund` as every other refund (so the cap — total − refunded −
 * pending, checked under the order's lock — holds for two people clicking at
 * once). The refund's id comes from the confirmation form, so confirming the
 * same form twice asks for one refund.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import type { StaffRefundReason } from "~/domain/refund-form.ts";
import {
  lockOrderForRefund,
  RefundNotAllowedError,
  requestRefund,
  type RefundRefusal,
} from "~/orders/refunds.server.ts";
import { confirmWithdrawalRefund } from "~/orders/withdrawals.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

export interface StaffRefundInput {
  orderId: string;
  /** Made when the form was reviewed; a UUID. */
  refundId: string;
  amountCents: number;
  reason: StaffRefundReason;
  /** "" when none; required by the form for reason "staff". */
  note: string;
}

export type StaffRefundResult =
  { ok: true; refundId: string } | { ok: false; reason: RefundRefusal; availableCents: number };

export async function refundOrderAsStaff(
  db: Db,
  actor: AuditActor,
  input: StaffRefundInput,
  now = new Date(),
): Promise<StaffRefundResult> {
  try {
    return await inTransaction(db, async (trx) => {
      // The order as it stands under its lock (requestRefund takes the same lock again).
      const before = await lockOrderForRefund(trx, input.orderId);
      const refundId = await requestRefund(trx, {
        orderId: input.orderId,
        amountCents: input.amountCents,
        reason: input.reason,
        id: input.refundId,
        now,
      });
      if (input.reason === "withdrawal") await confirmWithdrawalRefund(trx, input.orderId, refundId);
      await recordAudit(trx, actor, {
        action: "order.refund",
        entityType: "order",
        entityId: input.orderId,
        before: before && {
          status: before.status,
          totalCents: before.totalCents,
          refundedCents: before.refundedCents,
          pendingRefundCents: before.pendingCents,
        },
        after: {
          refundId,
          amountCents: input.amountCents,
          reason: input.reason,
          ...(input.note ? { note: input.note } : {}),
          refundStatus: "pending",
        },
      });
      return { ok: true as const, refundId };
    });
  } catch (err) {
    if (err instanceof RefundNotAllowedError) {
      return { ok: false, reason: err.code, availableCents: err.availableCents };
    }
    throw err;
  }
}

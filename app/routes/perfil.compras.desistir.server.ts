/**
 * /perfil/compras/:orderId/desistir — the withdrawal function, in two steps:
 * the page states the order and its courses (step 1), its form confirms
 * (step 2, "Confirmar desistimiento"), then the page shows the acknowledgement
 * with the date and time (post/redirect/get: a reload or a second submit shows
 * the same single withdrawal). Only the buyer's own order; anyone else's is 404.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { withdrawalNextStep } from "~/orders/withdrawal-email.server.ts";
import { canWithdraw, getOwnOrder, getWithdrawal, withdrawFromOrder } from "~/orders/withdrawals.server.ts";

type Ctx = Readonly<RouterContextProvider>;

import { CONFIRM_INTENT } from "~/domain/withdrawal.ts";

const notFound = () => data("Pedido no encontrado", { status: 404 });

export async function loadWithdrawalPage(context: Ctx, orderId: string, now = new Date()) {
  const { db } = getServices(context);
  const found = await getOwnOrder(db, getUser(context).id, orderId);
  if (!found) throw notFound();
  const { order, items } = found;
  const withdrawal = await getWithdrawal(db, order.id);
  const refundedCents = Number(order.refunded_cents);
  return {
    order: { id: order.id, totalCents: order.total_cents, paidAt: order.paid_at, refundedCents },
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      priceCents: i.price_cents,
      editionStartsOn: i.edition_starts_on,
      editionEndsOn: i.edition_ends_on,
    })),
    open: canWithdraw({ status: order.status, paidAt: order.paid_at, refundedCents, kind: order.kind }, now),
    done: withdrawal
      ? {
          requestedAt: withdrawal.requested_at,
          next: withdrawalNextStep(withdrawal, order.total_cents),
        }
      : null,
  };
}

interface WithdrawalActionData {
  error: string;
}

export async function withdrawalAction(request: Request, context: Ctx, orderId: string, now = new Date()) {
  const services = getServices(context);
  const form = await request.formData();
  if (form.get("intent") !== CONFIRM_INTENT) {
    return data<WithdrawalActionData>({ error: "No se ha entendido la acción. Vuelve a intentarlo desde esta página." }, 400);
  }
  const result = await withdrawFromOrder(services.db, { userId: getUser(context).id, orderId, now });
  if (!result.ok && result.reason === "not-found") throw notFound();
  if (!result.ok) {
    return data<WithdrawalActionData>(
      { error: "Este pedido ya no admite el desistimiento: el plazo de 14 días ha terminado o el pedido no está pagado." },
      409,
    );
  }
  if (result.created) services.jobs?.kick();
  throw redirect(`/perfil/compras/${encodeURIComponent(orderId)}/desistir`);
}

/**
 * /gestion/pedidos/:orderId/reembolsar: the refund form, then a confirmation
 * step, then the refund (app/orders/staff-refunds.server.ts). Works without JS:
 * the review answers with the confirmation (hidden fields), which posts again;
 * every step validates again on the server.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getServices } from "~/context.server.ts";
import { formErrors } from "~/domain/course-form.ts";
import {
  overRefundMessage,
  REFUND_FORM_MESSAGES,
  refundFormDefaults,
  refundFormSchema,
  refundFormValues,
  STAFF_REFUND_REASON_LABELS,
} from "~/domain/refund-form.ts";
import { newId } from "~/lib/ids.server.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { getRefund, getRefundableOrder } from "~/orders/refunds.server.ts";
import { isPlausibleOrderId } from "~/orders/staff-queries.server.ts";
import { getWithdrawal } from "~/orders/withdrawal-lines.server.ts";
import { refundOrderAsStaff } from "~/orders/staff-refunds.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const REFUND_NOTICE_PARAM = "reembolso-solicitado";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

const notFound = () => data("Pedido no encontrado", { status: 404 });

/** A counter sale's money goes back at the counter (its kind of sale says so), never through this form. */
export const AT_COUNTER_MESSAGE =
  "Esta venta se cobró en la caja del salón: su devolución se hace allí, desde la venta («Hacer una devolución»).";

/** The order as the refund page shows it, or 404. */
async function orderOr404(context: Ctx, orderId: string) {
  const db = getServices(context).db;
  if (!isPlausibleOrderId(orderId)) throw notFound();
  const [found, refundable] = await Promise.all([getOrderWithItems(db, orderId), getRefundableOrder(db, orderId)]);
  if (!found || !refundable) throw notFound();
  return {
    id: found.order.id,
    status: found.order.status,
    atCounter: !refundable.refundsThroughProvider,
    demo: found.order.provider === "demo",
    email: found.order.email,
    totalCents: refundable.totalCents,
    refundedCents: refundable.refundedCents,
    pendingCents: refundable.pendingCents,
    availableCents: refundable.availableCents,
    titles: found.items.map((i) => i.title),
  };
}

type RefundPageOrder = Awaited<ReturnType<typeof orderOr404>>;

/** Why the order cannot be refunded now, or null. */
function blocked(order: RefundPageOrder): string | null {
  if (order.atCounter) return AT_COUNTER_MESSAGE;
  if (order.status !== "paid") return "Solo se puede reembolsar un pedido pagado.";
  if (order.availableCents <= 0) {
    return order.pendingCents > 0
      ? "Lo que queda de este pedido ya tiene un reembolso en curso."
      : REFUND_FORM_MESSAGES.nothingLeft;
  }
  return null;
}

export async function loadRefundPage(context: Ctx, orderId: string) {
  const order = await orderOr404(context, orderId);
  // A buyer's withdrawal waiting for the staff: the form starts with its proposal (read here, never from the URL).
  const withdrawal = await getWithdrawal(getServices(context).db, order.id);
  const proposed = withdrawal?.status === "pending-staff" ? (withdrawal.proposed_cents ?? undefined) : undefined;
  return { order, blocked: blocked(order), values: refundFormDefaults(order.availableCents, proposed) };
}

type RefundActionData =
  | { step: "form"; errors: Partial<Record<string, string>>; values: Record<string, string> }
  | {
      step: "confirm";
      values: Record<string, string>;
      refundId: string;
      summary: { amountCents: number; reasonLabel: string; note: string; full: boolean };
    };

const formStep = (errors: Partial<Record<string, string>>, values: Record<string, string>, status: number) =>
  data<RefundActionData>({ step: "form", errors, values }, status);

/** Only the three fields go back into the form, each capped. */
function echo(values: Record<string, string>): Record<string, string> {
  return {
    amount: (values.amount ?? "").slice(0, 40),
    reason: (values.reason ?? "").slice(0, 40),
    note: (values.note ?? "").slice(0, 1000),
  };
}

/** POST intent = revisar (→ confirmation) | editar (→ the form again) | confirmar (→ the refund). */
export async function refundAction(request: Request, context: Ctx, orderId: string) {
  const order = await orderOr404(context, orderId);
  const values = formValues(await request.formData());
  const done = `/gestion/pedidos/${order.id}?aviso=${REFUND_NOTICE_PARAM}`;
  // The same confirmation sent twice (a double click): the first one went through.
  const refundId = values.refundId ?? "";
  if (values.intent === "confirmar" && UUID.test(refundId)) {
    if ((await getRefund(getServices(context).db, refundId))?.order_id === order.id) throw redirect(done);
  }
  const why = blocked(order);
  if (why) return formStep({ form: why }, echo(values), 409);
  if (values.intent === "editar") return formStep({}, echo(values), 200);
  if (values.intent !== "revisar" && values.intent !== "confirmar") {
    return formStep(
      { form: "No se ha entendido la acción. Vuelve a intentarlo desde esta página." },
      echo(values),
      400,
    );
  }
  const parsed = refundFormSchema(order.availableCents).safeParse(values);
  if (!parsed.success) return formStep(formErrors(parsed.error), echo(values), 400);
  const input = parsed.data;

  if (values.intent === "revisar") {
    return data<RefundActionData>({
      step: "confirm",
      values: refundFormValues(input),
      refundId: newId(),
      summary: {
        amountCents: input.amount,
        reasonLabel: STAFF_REFUND_REASON_LABELS[input.reason],
        note: input.note,
        full: order.refundedCents + order.pendingCents + input.amount >= order.totalCents,
      },
    });
  }

  if (!UUID.test(refundId)) {
    return formStep(
      { form: "La confirmación no es válida. Revisa el reembolso y confírmalo de nuevo." },
      echo(values),
      400,
    );
  }
  const services = getServices(context);
  const result = await refundOrderAsStaff(services.db, actorOf(context), {
    orderId: order.id,
    refundId,
    amountCents: input.amount,
    reason: input.reason,
    note: input.note,
  });
  if (!result.ok) {
    switch (result.reason) {
      case "already-requested":
        break; // this same confirmation went through a moment ago
      case "unknown-order":
        throw notFound();
      case "not-paid":
        return formStep({ form: "Solo se puede reembolsar un pedido pagado." }, echo(values), 409);
      case "at-counter":
        return formStep({ form: AT_COUNTER_MESSAGE }, echo(values), 409);
      case "amount":
        return formStep({ amount: overRefundMessage(result.availableCents) }, echo(values), 409);
    }
  } else {
    services.jobs?.kick();
    services.logger.info({ orderId: order.id, refundId, staffId: actorOf(context).id }, "staff: refund requested");
  }
  throw redirect(done);
}

import { redirect, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import { paymentMethodNameIn } from "~/components/checkout/payment-method-texts.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { shortOrderId } from "~/orders/confirmation-email.server.ts";
import { orderKind } from "~/orders/kinds/index.server.ts";
import { courseLines } from "~/orders/order-lines.ts";
import { getOrderBySession } from "~/orders/orders.server.ts";
import { confirmFromSession } from "~/payments/checkout.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export interface SuccessOrderView {
  id: string;
  reference: string;
  status: string;
  /** Completed on the provider's page, money still settling (SeQura/Scalapay may take a while). */
  processing: boolean;
  totalCents: number;
  methodName: string;
  purchasedAt: string;
  email: string;
  withdrawalWaiver: boolean;
  refundedCents: number;
  /** Paid through the demo gateway: no money was taken. */
  demo: boolean;
  lines: {
    id: string;
    courseId: string;
    title: string;
    priceCents: number;
    editionStartsOn: string | null;
    editionEndsOn: string | null;
  }[];
}

export type SuccessData = { kind: "neutral"; signedIn: boolean } | { kind: "order"; order: SuccessOrderView };

/**
 * Only the buyer who owns the order sees it; anyone else (or a guessed session
 * id) gets the same neutral message, so the page reveals nothing. When the
 * webhook has not arrived yet, the provider is asked directly.
 */
export async function loadSuccess(request: Request, context: Ctx): Promise<SuccessData> {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  const user = await getOptionalUser(request, context);
  if (!sessionId || sessionId.length > 200) return { kind: "neutral", signedIn: !!user };
  const services = getServices(context);
  let found = await getOrderBySession(services.db, sessionId);
  const elsewhere = found ? orderKind(found.order.kind).afterPayment(found.order) : null;
  if (found && elsewhere) {
    // A kind whose own page shows the outcome (an appointment's señal, perhaps a guest's: without personal data).
    if (found.order.status !== "paid") await confirmFromSession(services, found);
    throw redirect(localHref(localeOfRequest(request), elsewhere));
  }
  if (!user) return { kind: "neutral", signedIn: false };
  if (!found || found.order.user_id !== user.id) return { kind: "neutral", signedIn: true };
  if (found.order.status !== "paid") found = await confirmFromSession(services, found);
  const { order, items } = found;
  return {
    kind: "order",
    order: {
      id: order.id,
      reference: shortOrderId(order.id),
      status: order.status,
      processing: order.status === "pending" && !!order.checkout_completed_at,
      totalCents: order.total_cents,
      methodName: paymentMethodNameIn(serverTranslator(localeOfRequest(request)), order.payment_method),
      purchasedAt: order.paid_at ?? order.created_at,
      email: order.email ?? user.email,
      withdrawalWaiver: !!order.withdrawal_waiver_at,
      refundedCents: order.refunded_cents,
      demo: order.provider === "demo",
      lines: courseLines(items).map((i) => ({
        id: i.id,
        courseId: i.course_id,
        title: i.title,
        priceCents: i.price_cents,
        editionStartsOn: i.edition_starts_on,
        editionEndsOn: i.edition_ends_on,
      })),
    },
  };
}

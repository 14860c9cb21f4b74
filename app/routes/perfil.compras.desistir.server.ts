/**
 * /perfil/compras/:orderId/desistir — the withdrawal function, by course, in
 * steps that work without JavaScript:
 *
 * 1. The page states the order and its courses, with a checkbox per course
 *    still withdrawable (none checked); «Continuar» is a GET form
 *    (?paso=revisar&linea=…).
 * 2. The confirmation step states the courses chosen and what will be refunded
 *    (from the server, the same numbers the write uses) and that it cannot be
 *    undone; «Confirmar desistimiento» POSTs the lines.
 * 3. Post/redirect/get to ?recibido=<id>: the acknowledgement with its date and
 *    time and courses (a reload or a second submit shows the same withdrawal).
 *
 * Only the buyer's own order; anyone else's is 404.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { CONFIRM_INTENT } from "~/domain/withdrawal.ts";
import { DONE_FIELD, LINE_FIELD, openLineIds, REVIEW_STEP, selectLines } from "~/domain/withdrawal-lines.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest, type Locale } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { getRefundableOrder } from "~/orders/refunds.server.ts";
import { withdrawalNextStep } from "~/orders/withdrawal-email.server.ts";
import { canWithdraw, lineStatesOf, listWithdrawals, planWithdrawal } from "~/orders/withdrawal-lines.server.ts";
import { getOwnOrder, withdrawFromOrder } from "~/orders/withdrawals.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const notFound = () => data("Pedido no encontrado", { status: 404 });

/**
 * The refusals, in the page's language. Their Spanish texts are the ones of
 * app/domain/withdrawal-lines.ts (NO_LINE_MESSAGE, LINE_UNAVAILABLE_MESSAGE).
 */
const MESSAGES = {
  closed: "account.withdrawal.closed",
  none: "account.withdrawal.error.noLine",
  unavailable: "account.withdrawal.error.unavailable",
  unknownIntent: "account.withdrawal.error.unknownIntent",
} as const satisfies Record<string, MessageKey>;

export async function loadWithdrawalPage(
  context: Ctx,
  orderId: string,
  search = new URLSearchParams(),
  now = new Date(),
  locale: Locale = "es",
) {
  const { db } = getServices(context);
  const t = serverTranslator(locale);
  const found = await getOwnOrder(db, getUser(context).id, orderId);
  if (!found) throw notFound();
  const { order, items } = found;
  const [states, withdrawals, refundable] = await Promise.all([
    lineStatesOf(db, found),
    listWithdrawals(db, order.id),
    getRefundableOrder(db, order.id),
  ]);
  const windowOpen = canWithdraw({ status: order.status, paidAt: order.paid_at, kind: order.kind }, now);
  const open = windowOpen ? openLineIds(states) : [];
  // Step 2 when asked for and the choice holds; else step 1 with the reason.
  const chosen = search.getAll(LINE_FIELD);
  const selection = selectLines(chosen, open);
  const reviewing = search.get("paso") === REVIEW_STEP && open.length > 0;
  const lines = selection.ok ? items.filter((i) => selection.ids.includes(i.id)) : [];
  const plan = reviewing && selection.ok ? planWithdrawal(order, lines, refundable?.availableCents ?? 0, now) : null;
  const error =
    reviewing && !selection.ok ? t(selection.reason === "none" ? MESSAGES.none : MESSAGES.unavailable) : null;
  // The result: the withdrawal just made (after the redirect), else the latest.
  const named = withdrawals.find((w) => w.withdrawal.id === search.get(DONE_FIELD));
  const shown = named ?? withdrawals.at(-1);
  const titleOf = (id: string) => items.find((i) => i.id === id)?.title ?? "";
  return {
    order: {
      id: order.id,
      totalCents: order.total_cents,
      paidAt: order.paid_at,
      refundedCents: Number(order.refunded_cents),
    },
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      priceCents: i.price_cents,
      editionStartsOn: i.edition_starts_on,
      editionEndsOn: i.edition_ends_on,
      state: states.get(i.id) ?? "closed",
    })),
    open: open.length > 0,
    /** Step 1's boxes checked again after «Cambiar la selección» (only open lines). */
    checked: chosen.filter((id) => open.includes(id)),
    review: plan ? { lineIds: lines.map((i) => i.id), titles: lines.map((i) => i.title), plan } : null,
    error,
    justDone: named !== undefined,
    done: shown
      ? {
          requestedAt: shown.withdrawal.requested_at,
          titles: shown.itemIds.map(titleOf).filter(Boolean),
          next: withdrawalNextStep(shown.withdrawal, shown.refundCents ?? 0, locale),
        }
      : null,
  };
}

interface WithdrawalActionData {
  error: string;
}

export async function withdrawalAction(request: Request, context: Ctx, orderId: string, now = new Date()) {
  const services = getServices(context);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const form = await request.formData();
  if (form.get("intent") !== CONFIRM_INTENT) {
    return data<WithdrawalActionData>({ error: t(MESSAGES.unknownIntent) }, 400);
  }
  const itemIds = form.getAll(LINE_FIELD).filter((v): v is string => typeof v === "string");
  if (itemIds.length === 0) return data<WithdrawalActionData>({ error: t(MESSAGES.none) }, 400);
  const result = await withdrawFromOrder(services.db, { userId: getUser(context).id, orderId, itemIds, now });
  if (!result.ok && result.reason === "not-found") throw notFound();
  if (!result.ok) {
    const error =
      result.reason === "not-allowed"
        ? MESSAGES.closed
        : result.reason === "no-lines"
          ? MESSAGES.none
          : MESSAGES.unavailable;
    return data<WithdrawalActionData>({ error: t(error) }, 409);
  }
  if (result.created) services.jobs?.kick();
  const done = new URLSearchParams({ [DONE_FIELD]: result.withdrawal.id });
  throw redirect(localHref(locale, `/perfil/compras/${encodeURIComponent(orderId)}/desistir?${done}`));
}

/** /gestion/caja/venta/:saleId: one sale at the counter — its lines, the client, the payment; once charged, its ticket and returns. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { chargeSale } from "~/counter/charge.server.ts";
import { discardSale, editSale } from "~/counter/draft-edits.server.ts";
import { loadSale, saleChoices } from "~/counter/queries.server.ts";
import { returnSaleLines, unitsReturned } from "~/counter/returns.server.ts";
import { COUNTER_MESSAGES, fieldsOf, parseCharge, parseEdit } from "~/counter/sale-form.ts";
import { COUNTER_PAYMENT_METHODS, lineNetCents, type CounterPaymentMethod } from "~/counter/sale-math.ts";
import { SaleNotEditableError } from "~/counter/sales.server.ts";
import { parseEuros } from "~/domain/euros.ts";
import { invoicingOf } from "~/invoices/issue.server.ts";
import { lookup } from "~/lib/lookup.ts";

type Ctx = Readonly<RouterContextProvider>;

const salePath = (saleId: string, query = "") => `/gestion/caja/venta/${encodeURIComponent(saleId)}${query}`;

const NOTICES: Record<string, string> = {
  linea: "Venta actualizada.",
  cobrada: "Venta cobrada y factura emitida.",
  devuelta: "Devolución hecha y factura rectificativa emitida.",
};

export async function loadSalePage(saleId: string, request: Request, context: Ctx) {
  const { db } = getServices(context);
  const found = await loadSale(db, saleId);
  if (!found) throw data("Venta no encontrada", { status: 404 });
  const { sale, rows, computed, payments, invoices, returns, appointment } = found;
  const params = new URL(request.url).searchParams;
  const change = Number(params.get("cambio"));
  const draft = sale.status === "draft";
  const returned = unitsReturned(returns);
  return {
    sale: {
      id: sale.id,
      status: sale.status,
      clientName: sale.client_name,
      clientEmail: sale.client_email,
      locale: sale.locale,
      professionalId: sale.professional_id,
      depositCents: sale.deposit_cents,
      tipCents: sale.tip_cents,
      billing: sale.billing ? (JSON.parse(sale.billing) as Record<string, string>) : null,
      discount: sale.discount_kind
        ? { kind: sale.discount_kind, value: sale.discount_value ?? 0, reason: sale.discount_reason ?? "" }
        : null,
      chargedAt: sale.charged_at,
    },
    appointment,
    lines: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      description: r.description,
      quantity: r.quantity,
      listPriceCents: r.list_price_cents,
      unitPriceCents: r.unit_price_cents,
      priceReason: r.price_reason,
      discountCents: r.discount_cents,
      discountReason: r.discount_reason,
      professionalId: r.professional_id,
      netCents: lineNetCents({
        quantity: r.quantity,
        unitPriceCents: r.unit_price_cents,
        discountCents: r.discount_cents,
      }),
      returnable: r.quantity - (returned.get(r.id) ?? 0),
    })),
    totals: computed.ok ? computed.totals : null,
    problems: computed.ok ? [] : computed.problems.map((p) => COUNTER_MESSAGES[p]),
    payments,
    invoices,
    returns: returns.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      method: r.method,
      reason: r.reason,
      createdAt: r.created_at,
    })),
    choices: draft ? await saleChoices(db) : null,
    // Only the table's own notices: `?aviso=__proto__` would find Object.prototype (a 500 when rendered).
    notice: lookup(NOTICES, params.get("aviso")) ?? null,
    changeCents: Number.isSafeInteger(change) && change > 0 ? change : 0,
  };
}

/** The whole amount by one method: "Todo en efectivo", with the cash handed over if typed. */
function paidAllBy(method: CounterPaymentMethod, dueCents: number, tipCents: number, tendered: string) {
  const amountCents = dueCents + tipCents;
  const given = method === "cash" && tendered.trim() ? parseEuros(tendered) : null;
  if (given && !given.ok) return { error: `Efectivo entregado: ${given.error}` } as const;
  return { payments: [{ method, amountCents, tenderedCents: given?.ok ? given.cents : null }] } as const;
}

export async function saleAction(saleId: string, request: Request, context: Ctx, now = new Date()) {
  const services = getServices(context);
  const { db } = services;
  const user = getUser(context);
  const actor = { id: user.id, email: user.email };
  const fields = fieldsOf(await request.formData());
  const intent = fields.intent ?? "";
  const fail = (error: string, status = 400) => data({ error }, status);
  const found = await loadSale(db, saleId);
  if (!found) throw data("Venta no encontrada", { status: 404 });
  const invoicing = invoicingOf(services.config);

  try {
    if (intent === "discard") {
      await discardSale(db, saleId, actor, now);
      return redirect("/gestion/caja");
    }
    if (intent === "charge" || intent === "charge-all") {
      const tip = fields.propina?.trim() ? parseEuros(fields.propina) : { ok: true as const, cents: 0 };
      if (!tip.ok) return fail(`Propina: ${tip.error}`);
      let input;
      if (intent === "charge-all") {
        const method = fields.metodo as CounterPaymentMethod;
        if (!COUNTER_PAYMENT_METHODS.includes(method)) return fail("Elige cómo paga.");
        if (!found.computed.ok) return fail(COUNTER_MESSAGES[found.computed.problems[0]!]);
        const all = paidAllBy(method, found.computed.totals.dueCents, tip.cents, fields.entregado ?? "");
        if ("error" in all) return fail(all.error!);
        input = { payments: [...all.payments], tipCents: tip.cents };
      } else {
        const parsed = parseCharge(fields);
        if (!parsed.ok) return fail(parsed.error);
        input = parsed.value;
      }
      const result = await chargeSale(db, saleId, input, actor, invoicing, now);
      if (!result.ok) return fail(COUNTER_MESSAGES[result.reason], result.reason === "already-charged" ? 409 : 400);
      services.jobs?.kick();
      return redirect(salePath(saleId, `?aviso=cobrada${result.changeCents ? `&cambio=${result.changeCents}` : ""}`));
    }
    if (intent === "return") {
      const lines = Object.entries(fields)
        .filter(([key, value]) => key.startsWith("devolver_") && value.trim() !== "" && value.trim() !== "0")
        .map(([key, value]) => ({ lineId: key.slice("devolver_".length), quantity: Number(value) }));
      const method = fields.metodoDevolucion as CounterPaymentMethod;
      const result = await returnSaleLines(
        db,
        saleId,
        { lines, method, reason: fields.motivoDevolucion ?? "" },
        actor,
        invoicing,
        now,
      );
      if (!result.ok) return fail(COUNTER_MESSAGES[result.reason], result.reason === "not-charged" ? 409 : 400);
      services.jobs?.kick();
      return redirect(salePath(saleId, "?aviso=devuelta"));
    }
    const edit = parseEdit(intent, fields);
    if (!edit.ok) return fail(edit.error);
    const result = await editSale(db, saleId, edit.value, actor, now);
    if (!result.ok) return fail(COUNTER_MESSAGES[result.reason]);
    return redirect(salePath(saleId, "?aviso=linea"));
  } catch (err) {
    if (err instanceof SaleNotEditableError) {
      return fail(err.status === "charged" ? COUNTER_MESSAGES["already-charged"] : COUNTER_MESSAGES.gone, 409);
    }
    throw err;
  }
}

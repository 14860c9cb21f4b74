import { Form, Link, useNavigation } from "react-router";
import { OrderLinesTable } from "~/components/orders/order-lines-table.tsx";
import { formatDateTime, orderRef } from "~/components/staff/format.ts";
import {
  OrderEmailsTable,
  OrderHistoryList,
  OrderInvoicesList,
  PaymentEventsTable,
  RefundAction,
  RefundsTable,
} from "~/components/staff/order-detail.tsx";
import { WithdrawalNotice } from "~/components/staff/withdrawal-notice.tsx";
import { DemoBadge, StatusBadge } from "~/components/status-badge.tsx";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.pedidos.pedido";
import { loadOrderDetail, orderDetailAction } from "./gestion.pedidos.pedido.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData ? `Pedido ${orderRef(loaderData.order.id)} · Gestión` : "Pedido no encontrado · Gestión",
    description: "Detalle de un pedido: cursos, comprador, pagos, correos y reembolsos.",
    path: `/gestion/pedidos/${encodeURIComponent(params.orderId)}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOrderDetail(params.orderId, request, context);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return orderDetailAction(params.orderId, request, context);
}

export default function StaffOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, buyer, items, events, emails, refunds, history, notice, withdrawal, invoices } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <article className="staff-section">
      <p className="staff-breadcrumb">
        <Link to="/gestion/pedidos">← Pedidos</Link>
      </p>
      <div className="staff-heading">
        <h1>Pedido {orderRef(order.id)}</h1>
        <p>
          <StatusBadge
            status={order.status}
            amounts={{ refundedCents: order.refundedCents, totalCents: order.totalCents }}
          />
          <DemoBadge demo={order.demo} />
        </p>
      </div>
      {notice ? (
        <p className="form-alert form-alert--success" role="status">
          {notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <WithdrawalNotice orderId={order.id} withdrawal={withdrawal} />

      {/* What staff come for first: who bought, what, how much, and what can be done. */}
      <div className="staff-columns">
        <section aria-labelledby="comprador">
          <h2 id="comprador">Comprador</h2>
          {buyer ? (
            <dl className="staff-facts">
              <dt>Nombre</dt>
              <dd>{buyer.name || "—"}</dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
              </dd>
              <dt>Teléfono</dt>
              <dd>{buyer.phone ? <a href={`tel:${buyer.phone.replace(/\s+/gu, "")}`}>{buyer.phone}</a> : "—"}</dd>
            </dl>
          ) : (
            <p>La cuenta del comprador ya no existe.{order.email ? ` Email del pedido: ${order.email}.` : ""}</p>
          )}
          {buyer && order.email && order.email !== buyer.email ? (
            <p className="staff-hint">Email en el momento de la compra: {order.email}</p>
          ) : null}
        </section>
        <section aria-labelledby="resumen">
          <h2 id="resumen">Importes</h2>
          <dl className="staff-facts">
            <dt>Total</dt>
            <dd>{formatEuros(order.totalCents)}</dd>
            <dt>Reembolsado</dt>
            <dd>{formatEuros(order.refundedCents)}</dd>
            <dt>Método de pago</dt>
            <dd>{paymentMethodName(order.paymentMethod)}</dd>
            <dt>Creado</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
          </dl>
        </section>
      </div>

      <section aria-labelledby="lineas">
        <h2 id="lineas">Cursos</h2>
        <OrderLinesTable
          lines={items}
          caption="Cursos del pedido"
          look="staff"
          totalCents={order.totalCents}
          refundedCents={order.refundedCents}
        />
      </section>

      <section aria-labelledby="facturas">
        <h2 id="facturas">Facturas</h2>
        <OrderInvoicesList invoices={invoices} />
      </section>

      <section aria-labelledby="reembolsos">
        <h2 id="reembolsos">Reembolsos</h2>
        <RefundsTable refunds={refunds} />
        <RefundAction order={order} refunds={refunds} />
      </section>

      <section aria-labelledby="correos">
        <h2 id="correos">Correos enviados</h2>
        <OrderEmailsTable emails={emails} />
        {order.status === "paid" ? (
          <Form method="post" className="staff-inline-form">
            <input type="hidden" name="intent" value="reenviar-confirmacion" />
            <button type="submit" className="staff-button" disabled={busy}>
              {busy ? "Reenviando…" : "Reenviar confirmación"}
            </button>
            <span className="staff-hint">Vuelve a enviar al comprador el correo de confirmación de compra.</span>
          </Form>
        ) : (
          <p className="staff-hint">La confirmación solo se puede reenviar cuando el pedido está pagado.</p>
        )}
      </section>

      <section aria-labelledby="historial">
        <h2 id="historial">Historial</h2>
        <OrderHistoryList history={history} />
      </section>

      {/* For a question to the payment gateway or a developer: closed by default. */}
      <details className="staff-technical">
        <summary>Detalles técnicos</summary>
        <dl className="staff-facts">
          <dt>Pasarela</dt>
          <dd>{order.demo ? "Demostración (sin cobro)" : order.provider}</dd>
          <dt>Id completo</dt>
          <dd>
            <code>{order.id}</code>
          </dd>
        </dl>
        <h2 id="pagos">Avisos de pago recibidos</h2>
        <PaymentEventsTable events={events} />
      </details>
    </article>
  );
}

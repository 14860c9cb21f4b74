import { Link, useNavigation } from "react-router";
import { RefundConfirmStep, RefundFormStep } from "~/components/staff/refund-form.tsx";
import { orderRef } from "~/components/staff/format.ts";
import { StatusBadge } from "~/components/status-badge.tsx";
import { formatEuros } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.pedidos.reembolsar";
import { loadRefundPage, refundAction } from "./gestion.pedidos.reembolsar.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData
      ? `Reembolsar el pedido ${orderRef(loaderData.order.id)} · Gestión`
      : "Pedido no encontrado · Gestión",
    description: "Reembolsar todo o parte de un pedido.",
    path: `/gestion/pedidos/${encodeURIComponent(params.orderId)}/reembolsar`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadRefundPage(context, params.orderId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return refundAction(request, context, params.orderId);
}

export default function StaffRefund({ loaderData, actionData }: Route.ComponentProps) {
  const { order, blocked } = loaderData;
  const busy = useNavigation().state === "submitting";
  const back = `/gestion/pedidos/${order.id}`;
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to={back}>← Pedido {orderRef(order.id)}</Link>
      </p>
      <h1>Reembolsar el pedido {orderRef(order.id)}</h1>
      <dl className="staff-facts">
        <dt>Estado</dt>
        <dd>
          <StatusBadge status={order.status} amounts={order} />
        </dd>
        <dt>Cursos</dt>
        <dd>{order.titles.join(", ") || "—"}</dd>
        <dt>Total</dt>
        <dd>{formatEuros(order.totalCents)}</dd>
        <dt>Ya reembolsado</dt>
        <dd>{formatEuros(order.refundedCents)}</dd>
        {order.pendingCents > 0 ? (
          <>
            <dt>Reembolsos en curso</dt>
            <dd>{formatEuros(order.pendingCents)}</dd>
          </>
        ) : null}
        <dt>Queda por reembolsar</dt>
        <dd>{formatEuros(order.availableCents)}</dd>
      </dl>
      {blocked ? (
        <>
          <p role="status">{blocked}</p>
          <p>
            <Link to={back}>Volver al pedido</Link>
          </p>
        </>
      ) : actionData?.step === "confirm" ? (
        <RefundConfirmStep
          values={actionData.values}
          refundId={actionData.refundId}
          summary={actionData.summary}
          orderRef={orderRef(order.id)}
          email={order.email}
          demo={order.demo}
          busy={busy}
        />
      ) : (
        <RefundFormStep
          values={actionData?.step === "form" ? actionData.values : loaderData.values}
          errors={actionData?.step === "form" ? actionData.errors : {}}
          availableCents={order.availableCents}
          busy={busy}
        />
      )}
    </section>
  );
}

import { Link, useNavigation } from "react-router";
import { OrderLinesTable } from "~/components/orders/order-lines-table.tsx";
import { WithdrawalChoice, WithdrawalReview } from "~/components/orders/withdrawal-steps.tsx";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.compras.desistir";
import { loadWithdrawalPage, withdrawalAction } from "./perfil.compras.desistir.server.ts";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: "Desistir del contrato",
    description: "Desistimiento de un pedido de Alejandra Nails.",
    path: `/perfil/compras/${params.orderId}/desistir`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadWithdrawalPage(context, params.orderId, new URL(request.url).searchParams);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return withdrawalAction(request, context, params.orderId);
}

export default function WithdrawalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, open, checked, review, error, justDone, done } = loaderData;
  const busy = useNavigation().state !== "idle";
  const ref = order.id.slice(0, 8).toUpperCase();
  const received = done !== null && (justDone || !open);
  return (
    <section className="container section withdrawal-page" aria-labelledby="desistir-titulo">
      <h1 id="desistir-titulo">{received ? "Desistimiento recibido" : "Desistir del contrato"}</h1>
      {received ? (
        <div role="status">
          <p>
            Hemos recibido tu desistimiento del pedido <strong>{ref}</strong> el{" "}
            <strong>{madridDateTimeText(new Date(done.requestedAt))}</strong> (hora de Madrid)
            {done.titles.length > 0 ? `, de ${done.titles.length === 1 ? "este curso" : "estos cursos"}:` : "."}
          </p>
          {done.titles.length > 0 ? (
            <ul>
              {done.titles.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          ) : null}
          <p>{done.next}</p>
          <p>Te hemos enviado un correo con este acuse.</p>
        </div>
      ) : (
        <p>
          Pedido <strong>{ref}</strong>
          {order.paidAt ? `, pagado el ${formatLongDate(order.paidAt)}` : ""}, por {formatEuros(order.totalCents)}.
        </p>
      )}
      <OrderLinesTable lines={items} caption="Cursos del pedido" look="customer" />
      {review ? (
        <WithdrawalReview review={review} busy={busy} error={actionData?.error ?? null} />
      ) : open ? (
        <>
          {received ? <h2>¿Quieres desistir de otro curso?</h2> : null}
          <WithdrawalChoice items={items} checked={checked} error={error ?? actionData?.error ?? null} busy={busy} />
        </>
      ) : done ? null : (
        <p role="alert">
          Este pedido ya no admite el desistimiento: el plazo de 14 días ha terminado o el pedido no está pagado.
        </p>
      )}
      <p>
        <Link to="/perfil/compras">Volver al historial de compras</Link>
      </p>
    </section>
  );
}

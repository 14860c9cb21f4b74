import { Form, Link, useNavigation } from "react-router";
import { OrderLinesTable } from "~/components/orders/order-lines-table.tsx";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.compras.desistir";
import { CONFIRM_INTENT } from "~/domain/withdrawal.ts";
import { loadWithdrawalPage, withdrawalAction } from "./perfil.compras.desistir.server.ts";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: "Desistir del contrato",
    description: "Desistimiento de un pedido de Alejandra Nails.",
    path: `/perfil/compras/${params.orderId}/desistir`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadWithdrawalPage(context, params.orderId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return withdrawalAction(request, context, params.orderId);
}

export default function WithdrawalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, open, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  const ref = order.id.slice(0, 8).toUpperCase();
  return (
    <section className="container section withdrawal-page" aria-labelledby="desistir-titulo">
      <h1 id="desistir-titulo">{done ? "Desistimiento recibido" : "Desistir del contrato"}</h1>
      {done ? (
        <div role="status">
          <p>
            Hemos recibido tu desistimiento del pedido <strong>{ref}</strong> el{" "}
            <strong>{madridDateTimeText(new Date(done.requestedAt))}</strong> (hora de Madrid). Te hemos enviado un correo con este
            acuse.
          </p>
          <p>{done.next}</p>
        </div>
      ) : (
        <p>
          Pedido <strong>{ref}</strong>
          {order.paidAt ? `, pagado el ${formatLongDate(order.paidAt)}` : ""}, por {formatEuros(order.totalCents)}.
        </p>
      )}
      <OrderLinesTable lines={items} caption="Cursos del pedido" look="customer" />
      {done ? null : open ? (
        <Form method="post" aria-describedby={actionData?.error ? "desistir-error" : "desistir-aviso"}>
          <p id="desistir-aviso">
            Si confirmas, desistes de este pedido completo. Si la formación aún no ha empezado, te devolvemos todo el
            importe; si empezó antes a petición tuya, te devolvemos la parte que no se ha impartido.
          </p>
          {actionData?.error ? (
            <p id="desistir-error" className="form-alert form-alert--error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <input type="hidden" name="intent" value={CONFIRM_INTENT} />
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Enviando…" : "Confirmar desistimiento"}
          </button>
        </Form>
      ) : (
        <p role="alert">Este pedido ya no admite el desistimiento: el plazo de 14 días ha terminado o el pedido no está pagado.</p>
      )}
      <p>
        <Link to="/perfil/compras">Volver al historial de compras</Link>
      </p>
    </section>
  );
}

import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { formatEuros } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/pago-demo";
import { demoPaymentAction, loadDemoPayment } from "./pago-demo.server.ts";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: "Pago de demostración",
    description: "Pasarela de pago de demostración: no se realiza ningún cargo.",
    path: `/pago-demo/${params.orderId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadDemoPayment(request, context, params.orderId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return demoPaymentAction(request, context, params.orderId);
}

export default function DemoPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totalCents, methodName, status, successUrl, enabled, expired, texts } = loaderData;
  const busy = useNavigation().state !== "idle";
  const payable = !expired && (status === "pending" || status === "cancelled" || status === "failed");
  return (
    <section className="container section demo-pay">
      <p className="demo-pay__banner" role="note">
        MODO DEMO — no se realiza ningún cargo
      </p>
      <h1>Pasarela de pago</h1>
      <div className="card demo-pay__card">
        <table className="order-lines">
          <caption className="visually-hidden">{texts.linesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.lineHeader}</th>
              <th scope="col">Importe</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>{l.title}</td>
                <td>{formatEuros(l.priceCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatEuros(totalCents)}</td>
            </tr>
          </tfoot>
        </table>
        <p>
          Método de pago: <strong>{methodName}</strong>
        </p>
        {status === "paid" ? (
          <p>
            Este pedido ya está pagado. <Link to={successUrl}>{texts.paidLink}</Link>
          </p>
        ) : payable ? (
          <Form method="post" className="demo-pay__actions">
            <FormAlert message={actionData?.error} />
            {!enabled ? (
              <p>La pasarela de demostración está desactivada en este sitio.</p>
            ) : (
              <button type="submit" name="intent" value="pay" className="btn" disabled={busy}>
                {busy ? "Procesando..." : `Pagar ${formatEuros(totalCents)}`}
              </button>
            )}
            <button type="submit" name="intent" value="cancel" className="btn btn--outline" disabled={busy}>
              Cancelar
            </button>
          </Form>
        ) : expired ? (
          <p>
            {texts.expired} <Link to={texts.restart.to}>{texts.restart.label}</Link>
          </p>
        ) : (
          <p>Este pedido ya no se puede pagar.</p>
        )}
      </div>
    </section>
  );
}

import { Form, Link, useNavigation } from "react-router";
import { formatShortDate } from "~/components/staff/format.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { SUBSANACION_BEFORE, SUBSANACION_STEPS, SUBSANAR_LABEL } from "~/domain/subsanacion.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.facturas.subsanar";
import { loadSubsanacionPage, subsanacionAction } from "./gestion.facturas.subsanar.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData ? `Subsanar la factura ${loaderData.invoiceNumber} · Gestión` : "Factura no encontrada · Gestión",
    description: "Subsanar y reenviar a la AEAT el registro de facturación que rechazó.",
    path: `/gestion/facturas/${encodeURIComponent(params.invoiceId)}/subsanar`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadSubsanacionPage(context, params.invoiceId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return subsanacionAction(request, context, params.invoiceId);
}

export default function StaffSubsanacion({ loaderData: d, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error ?? d.refusal;
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to={d.back}>← Facturas</Link>
      </p>
      <h1>Subsanar la factura {d.invoiceNumber}</h1>
      {d.aeatMessage ? (
        <div className="form-alert form-alert--error" role="status">
          <p>
            <strong>La AEAT rechazó su registro de facturación:</strong> {d.aeatMessage}
          </p>
        </div>
      ) : null}
      {error ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>{error}</p>
        </div>
      ) : (
        <>
          <p>{SUBSANACION_BEFORE}</p>
          <h2>Qué se enviará</h2>
          <dl className="staff-facts">
            <dt>Emisor</dt>
            <dd>
              {d.sent.issuerName} ({d.sent.issuerNif})
            </dd>
            <dt>Factura</dt>
            <dd>
              {d.invoiceNumber}, {d.sent.kind}, del {formatShortDate(d.sent.issueDate)}
            </dd>
            <dt>Total</dt>
            <dd>{formatEuros(d.sent.totalCents)}</dd>
            {d.sent.buyer ? (
              <>
                <dt>Clienta</dt>
                <dd>
                  {d.sent.buyer.name} ({d.sent.buyer.nif})
                </dd>
              </>
            ) : null}
          </dl>
          <h2>Qué pasará</h2>
          <ol className="staff-notes">
            {SUBSANACION_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <Form method="post">
            <input type="hidden" name="position" value={d.position} />
            <div className="staff-cat__actions">
              <button type="submit" className="staff-button" disabled={busy}>
                {busy ? "Subsanando…" : SUBSANAR_LABEL}
              </button>
              <Link to={d.back} className="staff-button staff-button--secondary">
                Cancelar
              </Link>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

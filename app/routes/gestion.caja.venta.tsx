import { Form, Link, useNavigation } from "react-router";
import { AddLineForms } from "~/components/staff/counter/add-line-forms.tsx";
import { ChargedSale } from "~/components/staff/counter/charged-sale.tsx";
import { ClientForm } from "~/components/staff/counter/client-form.tsx";
import { PaymentForms, SaleDiscountForm, TotalsList } from "~/components/staff/counter/payment-forms.tsx";
import { SaleLines } from "~/components/staff/counter/sale-lines.tsx";
import { formatAppointmentTime } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.caja.venta";
import { loadSalePage, saleAction } from "./gestion.caja.venta.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData
      ? `Venta${loaderData.sale.clientName ? ` de ${loaderData.sale.clientName}` : ""} · Caja · Gestión`
      : "Venta no encontrada · Gestión",
    description: "Una venta en la caja del salón: líneas, clienta y cobro.",
    path: `/gestion/caja/venta/${encodeURIComponent(params.saleId)}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSalePage(params.saleId, request, context);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saleAction(params.saleId, request, context);
}

const STATUS_LABEL: Record<string, string> = { draft: "Sin cobrar", charged: "Cobrada", discarded: "Descartada" };

export default function CounterSale({ loaderData, actionData }: Route.ComponentProps) {
  const { sale, appointment, lines, totals, problems, payments, invoices, returns, choices, notice, changeCents } =
    loaderData;
  const busy = useNavigation().state === "submitting";
  const draft = sale.status === "draft";
  return (
    <article className="staff-section counter counter-sale">
      <p className="staff-breadcrumb">
        <Link to="/gestion/caja">← Caja</Link>
      </p>
      <div className="staff-heading">
        <h1>
          Venta{sale.clientName ? ` · ${sale.clientName}` : " sin cita"}
          {appointment ? (
            <span className="staff-hint"> · cita del {formatAppointmentTime(Date.parse(appointment.starts_at))}</span>
          ) : null}
        </h1>
        <p className={`counter-badge${sale.status === "charged" ? " counter-badge--paid" : ""}`}>
          {STATUS_LABEL[sale.status] ?? sale.status}
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

      <div className="counter-sale__grid">
        <section aria-labelledby="caja-lineas" className="counter-sale__lines">
          <h2 id="caja-lineas">Líneas</h2>
          <SaleLines lines={lines} editable={draft} professionals={choices?.professionals ?? []} busy={busy} />
          {totals ? <TotalsList totals={totals} /> : null}
          {draft && problems.length > 0 && lines.length > 0 ? (
            <ul className="form-alert form-alert--error" aria-label="Falta antes de cobrar">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          {draft ? <SaleDiscountForm discount={sale.discount} busy={busy} /> : null}
          {draft && choices ? <AddLineForms choices={choices} busy={busy} /> : null}
        </section>

        <div className="counter-sale__side">
          {draft && totals ? <PaymentForms dueCents={totals.dueCents} busy={busy} /> : null}
          {draft ? <ClientForm sale={sale} busy={busy} /> : null}
          {sale.status === "charged" ? (
            <ChargedSale
              busy={busy}
              view={{ saleId: sale.id, tipCents: sale.tipCents, changeCents, payments, invoices, returns, lines }}
            />
          ) : null}
          {draft ? (
            <Form method="post" className="counter-form">
              <input type="hidden" name="intent" value="discard" />
              <label className="staff-check">
                <input type="checkbox" name="confirmo" value="1" required />
                <span>Descartar esta venta sin cobrarla</span>
              </label>
              <button type="submit" className="staff-button staff-button--secondary counter-touch" disabled={busy}>
                Descartar la venta
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </article>
  );
}

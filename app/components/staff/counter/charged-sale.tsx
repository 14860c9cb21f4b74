import { Form, Link } from "react-router";
import { formatDateTime } from "~/components/staff/format.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { PAYMENT_METHOD_LABELS } from "~/counter/sale-form.ts";
import type { SaleLineView } from "./sale-lines.tsx";

interface ChargedView {
  saleId: string;
  tipCents: number;
  changeCents: number;
  payments: { method: string; amount_cents: number; tendered_cents: number | null }[];
  invoices: { id: string; full_number: string; kind: string; total_cents: number }[];
  returns: { id: string; amountCents: number; method: string; reason: string; createdAt: string }[];
  lines: SaleLineView[];
}

const methodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as keyof typeof PAYMENT_METHOD_LABELS] ?? m;
const isRectificativa = (kind: string) => kind.startsWith("R");

/** A charged sale: how it was paid, its invoice and ticket, its returns, and the return form. */
export function ChargedSale({ view, busy }: { view: ChargedView; busy: boolean }) {
  const returnable = view.lines.filter((l) => l.returnable > 0);
  return (
    <>
      {view.changeCents > 0 ? (
        <p className="counter-change" role="status">
          Cambio: <strong>{formatEuros(view.changeCents)}</strong>
        </p>
      ) : null}
      <section aria-labelledby="caja-pagos">
        <h2 id="caja-pagos">Pago</h2>
        <ul>
          {view.payments.map((p, i) => (
            <li key={i}>
              {methodLabel(p.method)}: {formatEuros(p.amount_cents)}
              {p.tendered_cents
                ? ` (entregado ${formatEuros(p.tendered_cents)}, cambio ${formatEuros(p.tendered_cents - p.amount_cents)})`
                : null}
            </li>
          ))}
          {view.payments.length === 0 ? <li>Nada que cobrar: lo cubrió la señal.</li> : null}
          {view.tipCents > 0 ? <li>Propina (aparte de la factura): {formatEuros(view.tipCents)}</li> : null}
        </ul>
      </section>
      <section aria-labelledby="caja-facturas">
        <h2 id="caja-facturas">Factura y ticket</h2>
        <ul>
          {view.invoices.map((inv) => (
            <li key={inv.id}>
              {isRectificativa(inv.kind) ? "Rectificativa" : "Factura"} {inv.full_number} ·{" "}
              {formatEuros(inv.total_cents)} · <a href={`/gestion/facturas/${inv.id}/pdf`}>PDF</a>
            </li>
          ))}
          {view.invoices.length === 0 ? (
            <li>La factura se emitirá cuando los datos fiscales del salón estén completos.</li>
          ) : null}
        </ul>
        <p>
          <Link className="staff-button counter-touch" to={`/gestion/caja/ticket/${view.saleId}`}>
            Ver e imprimir el ticket
          </Link>
        </p>
      </section>
      {view.returns.length > 0 ? (
        <section aria-labelledby="caja-devoluciones">
          <h2 id="caja-devoluciones">Devoluciones</h2>
          <ul>
            {view.returns.map((r) => (
              <li key={r.id}>
                {formatDateTime(r.createdAt)} · {formatEuros(r.amountCents)} en {methodLabel(r.method).toLowerCase()} ·{" "}
                {r.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {returnable.length > 0 ? (
        <details className="counter-return">
          <summary className="counter-touch">Hacer una devolución</summary>
          <Form method="post" className="counter-form">
            <input type="hidden" name="intent" value="return" />
            <fieldset>
              <legend>Unidades que se devuelven</legend>
              {returnable.map((l) => (
                <span key={l.id} className="counter-form__field">
                  <label htmlFor={`devolver-${l.id}`}>
                    {l.description} (quedan {l.returnable})
                  </label>
                  <input
                    id={`devolver-${l.id}`}
                    name={`devolver_${l.id}`}
                    type="number"
                    min={0}
                    max={l.returnable}
                    defaultValue={0}
                    inputMode="numeric"
                  />
                </span>
              ))}
            </fieldset>
            <label htmlFor="caja-devolucion-metodo">Se devuelve</label>
            <select id="caja-devolucion-metodo" name="metodoDevolucion" defaultValue="cash">
              <option value="cash">En efectivo</option>
              <option value="card">A la tarjeta (datáfono)</option>
              <option value="bizum">Por Bizum</option>
            </select>
            <label htmlFor="caja-devolucion-motivo">Motivo</label>
            <input id="caja-devolucion-motivo" name="motivoDevolucion" required maxLength={300} />
            <label className="staff-check">
              <input type="checkbox" name="confirmo" value="1" required />
              <span>Confirmo la devolución: se emite una factura rectificativa y no se puede deshacer.</span>
            </label>
            <button type="submit" className="staff-button counter-touch" disabled={busy}>
              Devolver y emitir la rectificativa
            </button>
          </Form>
        </details>
      ) : null}
    </>
  );
}

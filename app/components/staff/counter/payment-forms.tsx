import { Form } from "react-router";
import { centsToEurosInput } from "~/domain/euros.ts";
import { formatEuros } from "~/domain/pricing.ts";

export interface SaleTotalsView {
  subtotalCents: number;
  saleDiscountCents: number;
  depositCents: number;
  dueCents: number;
}

/** The amounts: what the lines add up to, the discount on the total, the deposit paid online, what is due. */
export function TotalsList({ totals }: { totals: SaleTotalsView }) {
  return (
    <dl className="counter-totals">
      <dt>Suma de las líneas</dt>
      <dd>{formatEuros(totals.subtotalCents)}</dd>
      {totals.saleDiscountCents > 0 ? (
        <>
          <dt>Descuento en el total</dt>
          <dd>−{formatEuros(totals.saleDiscountCents)}</dd>
        </>
      ) : null}
      {totals.depositCents > 0 ? (
        <>
          <dt>Señal pagada al reservar</dt>
          <dd>−{formatEuros(totals.depositCents)}</dd>
        </>
      ) : null}
      <dt className="counter-totals__due">A cobrar</dt>
      <dd className="counter-totals__due">{formatEuros(totals.dueCents)}</dd>
    </dl>
  );
}

/** The discount on the whole sale: a percentage or an amount, with its reason. */
export function SaleDiscountForm({
  discount,
  busy,
}: {
  discount: { kind: string; value: number; reason: string } | null;
  busy: boolean;
}) {
  const value = discount
    ? discount.kind === "percent"
      ? String(discount.value / 100).replace(".", ",")
      : centsToEurosInput(discount.value)
    : "";
  return (
    <details className="counter-discount" open={Boolean(discount)}>
      <summary className="counter-touch">Descuento en el total</summary>
      <Form method="post" className="counter-form">
        <input type="hidden" name="intent" value="sale-discount" />
        <fieldset>
          <legend>Tipo de descuento</legend>
          <label className="staff-check">
            <input type="radio" name="tipoDescuento" value="percent" defaultChecked={discount?.kind !== "amount"} />
            <span>Porcentaje (%)</span>
          </label>
          <label className="staff-check">
            <input type="radio" name="tipoDescuento" value="amount" defaultChecked={discount?.kind === "amount"} />
            <span>Importe (€)</span>
          </label>
        </fieldset>
        <label htmlFor="caja-descuento-total">Descuento (vacío: sin descuento)</label>
        <input id="caja-descuento-total" name="descuentoTotal" inputMode="decimal" defaultValue={value} />
        <label htmlFor="caja-descuento-motivo">Motivo</label>
        <input
          id="caja-descuento-motivo"
          name="motivoDescuentoTotal"
          maxLength={120}
          defaultValue={discount?.reason ?? ""}
        />
        <button type="submit" className="staff-button staff-button--secondary counter-touch" disabled={busy}>
          Aplicar descuento
        </button>
      </Form>
    </details>
  );
}

/**
 * Paying: one button per method for the whole amount (the usual case: one
 * action), with the cash handed over and the tip beside them; or a split.
 */
export function PaymentForms({ dueCents, busy }: { dueCents: number; busy: boolean }) {
  return (
    <section aria-labelledby="caja-cobro" className="counter-pay">
      <h2 id="caja-cobro">Cobrar {formatEuros(dueCents)}</h2>
      <Form method="post" className="counter-form">
        <input type="hidden" name="intent" value="charge-all" />
        <label htmlFor="caja-entregado">Efectivo entregado (€, para calcular el cambio)</label>
        <input id="caja-entregado" name="entregado" inputMode="decimal" autoComplete="off" />
        <label htmlFor="caja-propina">Propina (€, aparte de la factura)</label>
        <input id="caja-propina" name="propina" inputMode="decimal" autoComplete="off" />
        <div className="counter-pay__buttons">
          <button type="submit" name="metodo" value="cash" className="staff-button counter-touch" disabled={busy}>
            Todo en efectivo
          </button>
          <button type="submit" name="metodo" value="card" className="staff-button counter-touch" disabled={busy}>
            Todo con tarjeta
          </button>
          <button type="submit" name="metodo" value="bizum" className="staff-button counter-touch" disabled={busy}>
            Todo por Bizum
          </button>
        </div>
      </Form>
      <details className="counter-split">
        <summary className="counter-touch">Pago combinado (varias formas de pago)</summary>
        <Form method="post" className="counter-form">
          <input type="hidden" name="intent" value="charge" />
          <label htmlFor="caja-pago-card">Con tarjeta (€)</label>
          <input id="caja-pago-card" name="pago_card" inputMode="decimal" autoComplete="off" />
          <label htmlFor="caja-pago-cash">En efectivo (€)</label>
          <input id="caja-pago-cash" name="pago_cash" inputMode="decimal" autoComplete="off" />
          <label htmlFor="caja-pago-entregado">Efectivo entregado (€)</label>
          <input id="caja-pago-entregado" name="entregado" inputMode="decimal" autoComplete="off" />
          <label htmlFor="caja-pago-bizum">Por Bizum (€)</label>
          <input id="caja-pago-bizum" name="pago_bizum" inputMode="decimal" autoComplete="off" />
          <label htmlFor="caja-pago-propina">Propina (€)</label>
          <input id="caja-pago-propina" name="propina" inputMode="decimal" autoComplete="off" />
          <p className="staff-hint">Los pagos deben sumar {formatEuros(dueCents)} más la propina.</p>
          <button type="submit" className="staff-button counter-touch" disabled={busy}>
            Cobrar
          </button>
        </Form>
      </details>
    </section>
  );
}

import { Form } from "react-router";
import { describedBy, Field, FieldError, TextAreaField } from "~/components/auth/field.tsx";
import type { CashDayState } from "~/counter/cash-day-state.server.ts";
import { DENOMINATIONS, TILL_REASON_MAX } from "~/counter/cash-count.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { differenceClass, differenceText } from "./z-report.tsx";

type Errors = Record<string, string>;
type Values = Record<string, string>;

/** The till's figures: what should be in the drawer, and what came in by card and Bizum. */
export function TillSummary({ state }: { state: CashDayState }) {
  return (
    <dl className="staff-facts cash-figures">
      <dt>Fondo de caja</dt>
      <dd>{formatEuros(state.floatCents)}</dd>
      <dt>Ventas en efectivo</dt>
      <dd>{formatEuros(state.cashSalesCents)}</dd>
      <dt>Entradas de efectivo</dt>
      <dd>{formatEuros(state.cashInCents)}</dd>
      <dt>Salidas de efectivo</dt>
      <dd>{formatEuros(-state.cashOutCents)}</dd>
      <dt>Devoluciones en efectivo</dt>
      <dd>{formatEuros(-state.cashReturnsCents)}</dd>
      <dt>Efectivo esperado</dt>
      <dd>
        <strong>{formatEuros(state.expectedCents)}</strong>
      </dd>
      <dt>Tarjeta</dt>
      <dd>{formatEuros(state.cardCents)}</dd>
      <dt>Bizum</dt>
      <dd>{formatEuros(state.bizumCents)}</dd>
    </dl>
  );
}

export function MovementsTable({ state, times }: { state: CashDayState; times: Record<string, string> }) {
  if (state.movements.length === 0) return <p>No hay entradas ni salidas de efectivo anotadas.</p>;
  // Five columns are wider than a phone: the table scrolls sideways, so its box takes the focus
  // to scroll with the keyboard too (axe: scrollable-region-focusable).
  return (
    <div
      className="table-scroll"
      role="region"
      aria-labelledby="movimientos-tabla"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll
      tabIndex={0}
    >
      <table className="staff-cat__table cash-table">
        <caption id="movimientos-tabla">Movimientos del día</caption>
        <thead>
          <tr>
            <th scope="col">Hora</th>
            <th scope="col">Tipo</th>
            <th scope="col" className="cash-num">
              Importe
            </th>
            <th scope="col">Motivo</th>
            <th scope="col">Quién</th>
          </tr>
        </thead>
        <tbody>
          {state.movements.map((m) => (
            <tr key={m.id}>
              <td>{times[m.id]}</td>
              <th scope="row">{m.direction === "in" ? "Entrada" : "Salida"}</th>
              <td className="cash-num">{formatEuros(m.direction === "in" ? m.amountCents : -m.amountCents)}</td>
              <td>{m.reason}</td>
              <td>{m.createdBy}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MovementForm({ day, values, errors }: { day: string; values: Values; errors: Errors }) {
  const directionError = errors.direction;
  return (
    <Form method="post" className="staff-cat__form" aria-labelledby="anotar-movimiento">
      <input type="hidden" name="intent" value="movement" />
      <input type="hidden" name="day" value={day} />
      <fieldset
        className="cash-choice"
        aria-invalid={directionError ? true : undefined}
        aria-describedby={describedBy("f-direction", undefined, directionError)}
      >
        <legend>Tipo</legend>
        <label>
          <input type="radio" name="direction" value="in" required defaultChecked={values.direction === "in"} />
          Entrada: meto dinero en la caja
        </label>
        <label>
          <input type="radio" name="direction" value="out" required defaultChecked={values.direction === "out"} />
          Salida: saco dinero de la caja
        </label>
        {directionError ? <FieldError id="f-direction-error">{directionError}</FieldError> : null}
      </fieldset>
      <Field
        name="amount"
        label="Importe (€)"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values.amount ?? ""}
        error={errors.amount}
      />
      <Field
        name="reason"
        label="Motivo"
        hint="Por ejemplo: cambio traído del banco, compra de material, propinas entregadas."
        maxLength={TILL_REASON_MAX}
        defaultValue={values.reason ?? ""}
        error={errors.reason}
      />
      <div className="staff-cat__actions">
        <button type="submit" className="staff-cat__button">
          Anotar el movimiento
        </button>
      </div>
    </Form>
  );
}

/** A closed day's result: expected, counted, the difference highlighted, the note and the count. */
export function ClosedResult({ state, closedAtText }: { state: CashDayState; closedAtText: string | null }) {
  const close = state.close;
  if (!close) return null;
  const counted = DENOMINATIONS.filter((d) => (close.detail[String(d.cents)] ?? 0) > 0);
  return (
    <section aria-labelledby="resultado-cierre">
      <h2 id="resultado-cierre">Caja cerrada</h2>
      <p>
        Cerrada {closedAtText ? `el ${closedAtText}` : ""} por {close.closedBy}.
        {state.reopenCount > 0
          ? ` Se ha reabierto ${state.reopenCount === 1 ? "una vez" : `${state.reopenCount} veces`}.`
          : ""}
      </p>
      <dl className="staff-facts">
        <dt>Efectivo esperado</dt>
        <dd>{formatEuros(close.expectedCents)}</dd>
        <dt>Efectivo contado</dt>
        <dd>{formatEuros(close.countedCents)}</dd>
      </dl>
      <p className={differenceClass(close.differenceCents)}>Diferencia: {differenceText(close.differenceCents)}</p>
      {close.note ? (
        <p>
          <strong>Nota:</strong> {close.note}
        </p>
      ) : null}
      {counted.length > 0 ? (
        <div className="table-scroll">
          <table className="staff-cat__table cash-table">
            <caption>Recuento del cajón</caption>
            <thead>
              <tr>
                <th scope="col">Valor</th>
                <th scope="col" className="cash-num">
                  Piezas
                </th>
                <th scope="col" className="cash-num">
                  Importe
                </th>
              </tr>
            </thead>
            <tbody>
              {counted.map((d) => {
                const pieces = close.detail[String(d.cents)] ?? 0;
                return (
                  <tr key={d.cents}>
                    <th scope="row">
                      {d.kind === "note" ? "Billete" : "Moneda"} de {d.label}
                    </th>
                    <td className="cash-num">{pieces}</td>
                    <td className="cash-num">{formatEuros(pieces * d.cents)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** The owner's "Reabrir la caja": a reason and an explicit confirmation. */
export function ReopenForm({ day, values, errors }: { day: string; values: Values; errors: Errors }) {
  return (
    <Form method="post" className="staff-cat__form no-print" aria-labelledby="reabrir">
      <h2 id="reabrir">Reabrir la caja</h2>
      <p className="staff-hint">
        Se borran el recuento y la diferencia de este cierre (quedan en el registro de actividad) y habrá que volver a
        cerrarla.
      </p>
      <input type="hidden" name="intent" value="reopen" />
      <input type="hidden" name="day" value={day} />
      <TextAreaField
        name="reopenReason"
        label="Motivo"
        defaultValue={values.reopenReason ?? ""}
        error={errors.reopenReason}
        maxLength={TILL_REASON_MAX}
        rows={2}
      />
      <div className="field field--checkbox cash-choice">
        <label>
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            required
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? "f-confirm-error" : undefined}
          />
          Confirmo que quiero reabrir la caja de este día
        </label>
        {errors.confirm ? <FieldError id="f-confirm-error">{errors.confirm}</FieldError> : null}
      </div>
      <div className="staff-cat__actions">
        <button type="submit" className="staff-cat__button staff-cat__button--danger">
          Reabrir la caja
        </button>
      </div>
    </Form>
  );
}

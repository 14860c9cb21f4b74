// The staff refund screen's two steps (/gestion/pedidos/:orderId/reembolsar):
// the form (amount, reason, note), then the confirmation that repeats it in
// hidden fields. Plain forms: both work without JavaScript.
import { Form } from "react-router";
import { FormAlert, SelectField, TextAreaField } from "~/components/auth/field.tsx";
import { MoneyField } from "~/components/forms/money-field.tsx";
import { REFUND_NOTE_MAX, STAFF_REFUND_REASON_LABELS, STAFF_REFUND_REASONS } from "~/domain/refund-form.ts";
import { formatEuros } from "~/domain/pricing.ts";

type Errors = Partial<Record<string, string>>;

export function RefundFormStep({
  values,
  errors,
  availableCents,
  busy,
}: {
  values: Record<string, string>;
  errors: Errors;
  availableCents: number;
  busy: boolean;
}) {
  const fieldErrors = Object.keys(errors).filter((k) => k !== "form").length;
  return (
    <Form method="post" noValidate className="staff-cat__form" key={JSON.stringify(values)}>
      <input type="hidden" name="intent" value="revisar" />
      <FormAlert message={errors.form ?? (fieldErrors > 0 ? "Revisa los campos marcados." : undefined)} />
      <MoneyField
        name="amount"
        label="Importe a reembolsar (€)"
        defaultValue={values.amount}
        error={errors.amount}
        autoComplete="off"
        hint={`Como máximo ${formatEuros(availableCents)}. Escribe menos para un reembolso parcial, por ejemplo 50 o 49,99.`}
      />
      <SelectField
        name="reason"
        label="Motivo"
        placeholder="Elige un motivo"
        options={STAFF_REFUND_REASONS.map((r) => ({ value: r, label: STAFF_REFUND_REASON_LABELS[r] }))}
        defaultValue={values.reason}
        error={errors.reason}
      />
      <TextAreaField
        name="note"
        label="Nota"
        optional="obligatoria con «Otro motivo»"
        rows={3}
        maxLength={REFUND_NOTE_MAX}
        defaultValue={values.note}
        hint="Queda en el registro de auditoría; la alumna no la ve."
        error={errors.note}
      />
      <button type="submit" className="staff-cat__button" disabled={busy}>
        Revisar el reembolso
      </button>
    </Form>
  );
}

export function RefundConfirmStep({
  values,
  refundId,
  summary,
  orderRef,
  email,
  demo,
  busy,
}: {
  values: Record<string, string>;
  refundId: string;
  summary: { amountCents: number; reasonLabel: string; note: string; full: boolean };
  orderRef: string;
  email: string | null;
  demo: boolean;
  busy: boolean;
}) {
  const hidden = Object.entries(values).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <section aria-labelledby="confirmar" className="staff-cat__form">
      <h2 id="confirmar">Confirma el reembolso</h2>
      <dl className="staff-facts">
        <dt>Importe</dt>
        <dd>
          <strong>{formatEuros(summary.amountCents)}</strong>
          {summary.full ? " (todo lo que queda del pedido)" : " (reembolso parcial)"}
        </dd>
        <dt>Motivo</dt>
        <dd>{summary.reasonLabel}</dd>
        {summary.note ? (
          <>
            <dt>Nota</dt>
            <dd>{summary.note}</dd>
          </>
        ) : null}
      </dl>
      <p>
        Se devolverá con el mismo método de pago del pedido {orderRef}
        {demo ? " (pedido de demostración: no se mueve dinero)" : ""}.{" "}
        {summary.full
          ? "Al completarse, el pedido quedará reembolsado y la alumna perderá su plaza en el curso."
          : "La alumna conserva su plaza en el curso."}{" "}
        {email ? `Le enviaremos un correo a ${email}.` : ""} No se puede deshacer.
      </p>
      <div className="staff-cat__actions">
        <Form method="post">
          {hidden}
          <input type="hidden" name="refundId" value={refundId} />
          <button
            type="submit"
            name="intent"
            value="confirmar"
            className="staff-cat__button staff-cat__button--danger"
            disabled={busy}
          >
            {busy ? "Reembolsando…" : `Reembolsar ${formatEuros(summary.amountCents)}`}
          </button>
        </Form>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="editar" className="staff-cat__button staff-cat__button--secondary">
            Cambiar algo
          </button>
        </Form>
      </div>
    </section>
  );
}

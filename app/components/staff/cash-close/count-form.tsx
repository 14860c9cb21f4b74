import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { FieldError, TextAreaField } from "~/components/auth/field.tsx";
import { countFieldName, TILL_NOTE_MAX, type Denomination } from "~/counter/cash-count.ts";
import { formatEuros } from "~/domain/pricing.ts";

/** The sum of the count as typed; fields that are not whole numbers count as nothing. */
function typedTotal(denominations: readonly Denomination[], read: (field: string) => string): number {
  let total = 0;
  for (const d of denominations) {
    const text = read(countFieldName(d.cents)).trim();
    if (/^\d{1,6}$/u.test(text)) total += d.cents * Number(text);
  }
  return total;
}

function CountGroup({
  legend,
  denominations,
  values,
  errors,
}: {
  legend: string;
  denominations: readonly Denomination[];
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="cash-count">
      <legend>{legend}</legend>
      {denominations.map((d) => {
        const name = countFieldName(d.cents);
        const id = `f-${name}`;
        const error = errors[name];
        return (
          <div key={name} className="cash-count__item">
            <label htmlFor={id}>{d.label}</label>
            <input
              id={id}
              name={name}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              maxLength={6}
              defaultValue={values[name] ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * The close: how many notes and coins of each value are in the drawer (an
 * empty field is none), and a note, needed when the count does not match. The
 * server computes the totals; once hydrated, a running sum follows the typing.
 */
export function CountForm({
  day,
  denominations,
  expectedCents,
  values,
  errors,
}: {
  day: string;
  denominations: readonly Denomination[];
  expectedCents: number;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const [total, setTotal] = useState(() => typedTotal(denominations, (f) => values[f] ?? ""));
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    setTotal(typedTotal(denominations, (f) => String(new FormData(form).get(f) ?? "")));
  };
  return (
    <Form method="post" className="staff-cat__form cash-close__count" onInput={onInput} aria-labelledby="cerrar">
      <input type="hidden" name="intent" value="close" />
      <input type="hidden" name="day" value={day} />
      <p className="staff-hint">
        Cuenta el efectivo del cajón y escribe cuántas piezas hay de cada valor (vacío es 0). Efectivo esperado:{" "}
        <strong>{formatEuros(expectedCents)}</strong>.
      </p>
      <CountGroup
        legend="Billetes"
        denominations={denominations.filter((d) => d.kind === "note")}
        values={values}
        errors={errors}
      />
      <CountGroup
        legend="Monedas"
        denominations={denominations.filter((d) => d.kind === "coin")}
        values={values}
        errors={errors}
      />
      <p className="cash-close__running" aria-live="polite">
        Total contado: <output>{formatEuros(total)}</output>
        {total === expectedCents ? " · cuadra" : ""}
      </p>
      <TextAreaField
        name="note"
        label="Nota"
        optional="obligatoria si el recuento no cuadra"
        hint="Por qué sobra o falta dinero, o cualquier cosa del día que deba quedar escrita."
        defaultValue={values.note ?? ""}
        error={errors.note}
        maxLength={TILL_NOTE_MAX}
        rows={3}
      />
      <div className="staff-cat__actions">
        <button type="submit" className="staff-cat__button">
          Cerrar la caja
        </button>
      </div>
    </Form>
  );
}

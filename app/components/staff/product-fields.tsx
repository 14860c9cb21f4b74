// The fields of the staff's product form (/gestion/productos/nuevo and /:productId).
import { describedBy, Field, FieldError, SelectField } from "~/components/auth/field.tsx";
import { Checkbox } from "~/components/forms/checkbox-fields.tsx";
import { MoneyField } from "~/components/forms/money-field.tsx";
import { COUNTER_VAT_RATES_BP } from "~/counter/sale-math.ts";
import { PRODUCT_LIMITS, VAT_RATE_LABELS } from "~/counter/product-form.ts";

const NEGATIVE_HINT =
  "Con «Sí», la caja puede venderlo aunque las existencias queden por debajo de cero (por ejemplo, si se repone a menudo y el recuento va con retraso).";

/**
 * The message above a refused form: a refusal about selling below zero where
 * its field is not shown (not the owner), else a pointer to the marked fields.
 */
export function productFormAlert(errors: Readonly<Record<string, string>>, isOwner: boolean): string | undefined {
  if (Object.keys(errors).length === 0) return undefined;
  if (errors.allowNegativeStock && !isOwner) return errors.allowNegativeStock;
  return "Revisa los campos marcados.";
}

/** Selling below zero: the owner chooses; anyone else reads what she chose. */
function NegativeStockChoice({ value, isOwner, error }: { value: string; isOwner: boolean; error?: string }) {
  if (!isOwner) {
    return (
      <p className="staff-hint">
        Vender sin existencias: <strong>{value === "1" ? "permitido" : "no permitido"}</strong>. Solo la propietaria
        puede cambiarlo.
      </p>
    );
  }
  const id = "f-allowNegativeStock";
  return (
    <fieldset className="field" aria-describedby={describedBy(id, true, error)}>
      <legend>Vender sin existencias</legend>
      <div className="field--checkbox">
        <input id={`${id}-no`} type="radio" name="allowNegativeStock" value="0" defaultChecked={value !== "1"} />
        <label htmlFor={`${id}-no`}>No: nunca por debajo de cero</label>
      </div>
      <div className="field--checkbox">
        <input id={`${id}-yes`} type="radio" name="allowNegativeStock" value="1" defaultChecked={value === "1"} />
        <label htmlFor={`${id}-yes`}>Sí: permitir existencias negativas</label>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {NEGATIVE_HINT}
      </p>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

export function ProductFields({
  values,
  errors,
  isOwner,
  isNew,
}: {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  /** Only the owner's form offers selling below zero. */
  isOwner: boolean;
  /** A new product also takes its starting stock (afterwards it changes by adjustments). */
  isNew: boolean;
}) {
  return (
    <>
      <Field
        name="name"
        label="Nombre"
        defaultValue={values.name}
        error={errors.name}
        maxLength={PRODUCT_LIMITS.nameMax}
      />
      <Field
        name="nameCa"
        label="Nombre (catalán)"
        lang="ca"
        optional
        defaultValue={values.nameCa}
        error={errors.nameCa}
        maxLength={PRODUCT_LIMITS.nameMax}
        hint="Para el tique de las clientas que lo reciben en catalán. Vacío: el tique muestra el nombre en castellano."
      />
      <MoneyField
        name="price"
        label="Precio con IVA (€)"
        defaultValue={values.price}
        error={errors.price}
        hint="Lo que paga la clienta, IVA incluido. Por ejemplo: 12 o 12,50."
      />
      <SelectField
        name="vatRate"
        label="IVA"
        options={COUNTER_VAT_RATES_BP.map((bp) => ({ value: String(bp), label: VAT_RATE_LABELS[bp] }))}
        defaultValue={values.vatRate}
        error={errors.vatRate}
        hint="Los productos de cosmética y cuidado llevan el general (21 %)."
      />
      {isNew ? (
        <Field
          name="stock"
          label="Existencias iniciales (unidades)"
          type="number"
          inputMode="numeric"
          min={0}
          max={PRODUCT_LIMITS.stockMax}
          step={1}
          defaultValue={values.stock}
          error={errors.stock}
          hint="Las unidades que hay ahora. Después cambian con cada venta, devolución o ajuste."
        />
      ) : null}
      <Field
        name="barcode"
        label="Código de barras"
        optional
        autoComplete="off"
        spellCheck={false}
        defaultValue={values.barcode}
        error={errors.barcode}
        maxLength={PRODUCT_LIMITS.barcodeMax}
        hint="Letras y números, como lo lee el lector. Vacío si no tiene."
      />
      <NegativeStockChoice
        value={values.allowNegativeStock ?? "0"}
        isOwner={isOwner}
        error={errors.allowNegativeStock}
      />
      <Checkbox name="active" label="Activo (se puede vender en caja)" checked={values.active === "on"} />
    </>
  );
}

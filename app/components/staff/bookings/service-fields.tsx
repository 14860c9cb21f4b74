// The fields of the staff's service form (/gestion/servicios/nuevo and /:serviceId).
import { Field, SelectField, TextAreaField } from "~/components/auth/field.tsx";
import { MoneyField } from "~/components/forms/money-field.tsx";
import { SERVICE_CATEGORY_IDS, SERVICE_CATEGORY_NAMES, SERVICE_LIMITS } from "~/domain/service-form.ts";
import { Checkbox, CheckboxList, type CheckboxOption } from "~/components/forms/checkbox-fields.tsx";
import { catalanFields, type CatalanFieldSpec } from "~/components/staff/catalan-fields.tsx";

/** The service's Catalan texts (issue 34), each after its Spanish field. */
const SERVICE_CATALAN = [
  { name: "nameCa", label: "Nombre (catalán)", maxLength: SERVICE_LIMITS.nameMax },
  {
    name: "descriptionCa",
    label: "Descripción (catalán)",
    multiline: true,
    rows: 3,
    maxLength: SERVICE_LIMITS.descriptionMax,
  },
] as const satisfies readonly CatalanFieldSpec[];

export function ServiceFields({
  values,
  lists,
  errors,
  professionals,
}: {
  values: Readonly<Record<string, string>>;
  lists: Readonly<Record<string, string[]>>;
  errors: Readonly<Record<string, string>>;
  /** The active professionals. */
  professionals: readonly CheckboxOption[];
}) {
  const catalan = catalanFields(SERVICE_CATALAN, values, errors);
  return (
    <>
      <Field
        name="name"
        label="Nombre"
        defaultValue={values.name}
        error={errors.name}
        maxLength={SERVICE_LIMITS.nameMax}
      />
      {catalan.nameCa}
      <SelectField
        name="category"
        label="Categoría"
        placeholder="Elige una categoría"
        options={SERVICE_CATEGORY_IDS.map((c) => ({ value: c, label: SERVICE_CATEGORY_NAMES[c] }))}
        defaultValue={values.category}
        error={errors.category}
      />
      <TextAreaField
        name="description"
        label="Descripción"
        optional
        rows={3}
        maxLength={SERVICE_LIMITS.descriptionMax}
        defaultValue={values.description}
        error={errors.description}
      />
      {catalan.descriptionCa}
      <Field
        name="duration"
        label="Duración (minutos)"
        type="number"
        min={SERVICE_LIMITS.durationMin}
        max={SERVICE_LIMITS.durationMax}
        step={5}
        defaultValue={values.duration}
        error={errors.duration}
        hint="Lo que dura el servicio con la clienta, en múltiplos de 5."
      />
      <Field
        name="buffer"
        label="Tiempo después (minutos)"
        type="number"
        min={0}
        max={SERVICE_LIMITS.bufferMax}
        step={5}
        defaultValue={values.buffer}
        error={errors.buffer}
        hint="Limpieza o secado antes de la siguiente cita: la agenda lo reserva, la clienta no lo ve. 0 si no hace falta."
      />
      <MoneyField
        name="price"
        label="Precio (€)"
        defaultValue={values.price}
        error={errors.price}
        hint="Por ejemplo: 25 o 24,50. Como mucho 5.000 €."
      />
      <Checkbox
        name="priceFrom"
        label="Es un precio «desde» (el precio final depende del diseño)"
        checked={values.priceFrom === "on"}
      />
      <MoneyField
        name="deposit"
        label="Señal al reservar en la web (€)"
        optional
        defaultValue={values.deposit}
        error={errors.deposit}
        hint="Vacío: sin señal. Con señal, la clienta la paga con tarjeta al reservar; se le devuelve si cancela dentro de plazo o si el salón anula la cita."
      />
      <CheckboxList
        name="professionals"
        legend="Quién lo realiza"
        options={professionals}
        checked={lists.professionals ?? []}
        error={errors.professionals}
        empty="No hay profesionales activas: añádelas en Profesionales."
        hint="Solo estas profesionales aparecen al reservarlo."
      />
      <Checkbox name="bookableOnline" label="Se puede reservar en la web" checked={values.bookableOnline === "on"} />
      <Checkbox name="active" label="Activo (aparece en la carta de servicios)" checked={values.active === "on"} />
    </>
  );
}

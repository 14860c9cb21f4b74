// The Catalan twin of a visitor text in Gestión's forms (issue 34): courses,
// editions and services. Each is optional, keeps the Spanish field's limit, and
// says under it that an empty one shows the Spanish text. The forms list their
// twins once and place each after its Spanish field.
import type { ReactElement } from "react";
import { Field, TextAreaField } from "~/components/auth/field.tsx";

/** Under every Catalan field: an empty one is not an error. */
export const CATALAN_HINT = "Vacío: la página en catalán muestra el texto en castellano.";

export interface CatalanFieldSpec {
  /** The posted name (the input's id is `f-<name>`). */
  name: string;
  label: string;
  /** A textarea (its `rows`, 4 by default) rather than a one-line input. */
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  /** Said before the common hint (an example, say). */
  hintLead?: string;
}

type FormValues = Partial<Record<string, string>>;

function CatalanField({ spec, values, errors }: { spec: CatalanFieldSpec; values: FormValues; errors: FormValues }) {
  const hint = spec.hintLead ? `${spec.hintLead} ${CATALAN_HINT}` : CATALAN_HINT;
  if (spec.multiline) {
    return (
      <TextAreaField
        name={spec.name}
        label={spec.label}
        rows={spec.rows}
        defaultValue={values[spec.name]}
        error={errors[spec.name]}
        maxLength={spec.maxLength}
        optional
        hint={hint}
      />
    );
  }
  return (
    <Field
      name={spec.name}
      label={spec.label}
      defaultValue={values[spec.name]}
      error={errors[spec.name]}
      maxLength={spec.maxLength}
      lang="ca"
      optional
      hint={hint}
    />
  );
}

/** Each spec's field, by its name, for the form to place after the Spanish one. */
export function catalanFields<const Specs extends readonly CatalanFieldSpec[]>(
  specs: Specs,
  values: FormValues,
  errors: FormValues,
): Record<Specs[number]["name"], ReactElement> {
  return Object.fromEntries(
    specs.map((spec) => [spec.name, <CatalanField key={spec.name} spec={spec} values={values} errors={errors} />]),
  ) as Record<Specs[number]["name"], ReactElement>;
}

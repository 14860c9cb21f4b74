import { Field } from "~/components/auth/field.tsx";
import { COMMISSION_FIELD } from "~/counter/commission.ts";

/**
 * "Comisión (%)": the owner's commission rate on a professional's or a
 * service's page (the figures of /gestion/caja/cifras apply it). Shown to the
 * owner alone; the form of anyone else has no such field.
 */
export function CommissionField({
  of,
  value,
  error,
}: {
  /** Whose rate: the hint says how it combines with the other. */
  of: "professional" | "service";
  value: string;
  error?: string;
}) {
  const hint =
    of === "professional"
      ? "Sobre la base sin IVA de lo que vende en caja. Un servicio con su propia comisión usa la del servicio. Vacío: sin comisión. Solo lo ves tú."
      : "Sobre la base sin IVA del servicio vendido en caja; si la pones, manda sobre la de la profesional. Vacío: la de cada profesional. Solo lo ves tú.";
  return (
    <Field
      name={COMMISSION_FIELD}
      label="Comisión (%)"
      optional
      inputMode="decimal"
      autoComplete="off"
      maxLength={8}
      defaultValue={value}
      hint={hint}
      error={error}
    />
  );
}

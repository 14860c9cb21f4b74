import type { ComponentProps } from "react";
import { Field } from "~/components/auth/field.tsx";

/**
 * Room for an amount in euros as people type it ("1.234,56", "280 €"): the
 * server reads it and checks its bounds.
 */
const MONEY_INPUT_MAX_LENGTH = 20;

/** An amount in euros: the decimal keypad, and a bounded length. */
export function MoneyField(props: Omit<ComponentProps<typeof Field>, "inputMode" | "maxLength">) {
  return <Field inputMode="decimal" maxLength={MONEY_INPUT_MAX_LENGTH} {...props} />;
}

// A group of checkboxes posting one repeated field (e.g. `professionals`), with
// its legend, hint and error: works without JavaScript.
import { FieldError } from "~/components/auth/field.tsx";

export interface CheckboxOption {
  value: string;
  label: string;
  note?: string;
}

export function CheckboxList({
  name,
  legend,
  options,
  checked,
  hint,
  error,
  empty,
}: {
  name: string;
  legend: string;
  options: readonly CheckboxOption[];
  checked: readonly string[];
  hint?: string;
  error?: string;
  empty: string;
}) {
  const id = `f-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset className="field" aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {options.length === 0 ? <p className="staff-hint">{empty}</p> : null}
      {options.map((o) => (
        <div className="field--checkbox" key={o.value}>
          <input
            id={`${id}-${o.value}`}
            type="checkbox"
            name={name}
            value={o.value}
            defaultChecked={checked.includes(o.value)}
          />
          <label htmlFor={`${id}-${o.value}`}>
            {o.label}
            {o.note ? <span className="staff-cat__slug">{o.note}</span> : null}
          </label>
        </div>
      ))}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

/** A single checkbox field. */
export function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="field field--checkbox">
      <input id={`f-${name}`} name={name} type="checkbox" defaultChecked={checked} />
      <label htmlFor={`f-${name}`}>{label}</label>
    </div>
  );
}

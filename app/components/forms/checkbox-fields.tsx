// Checkboxes with the same wiring as `Field`: a single box, and a group posting
// one repeated field (e.g. `professionals`) with its legend, hint and error.
// Plain inputs: they work without JavaScript.
import { describedBy, FieldError } from "~/components/auth/field.tsx";

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
  return (
    <fieldset className="field" aria-describedby={describedBy(id, hint, error)}>
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

/** A single checkbox field; `required` for a box that must be ticked to send the form. */
export function Checkbox({
  name,
  label,
  checked = false,
  value,
  required,
}: {
  name: string;
  label: string;
  checked?: boolean;
  value?: string;
  required?: boolean;
}) {
  return (
    <div className="field field--checkbox">
      <input id={`f-${name}`} name={name} type="checkbox" value={value} defaultChecked={checked} required={required} />
      <label htmlFor={`f-${name}`}>{label}</label>
    </div>
  );
}

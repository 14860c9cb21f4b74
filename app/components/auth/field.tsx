import type { InputHTMLAttributes, ReactNode } from "react";
import { useT } from "~/i18n/react.tsx";

/** The ids a field's `aria-describedby` names: its hint, then its error. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </>
  );
}

/**
 * Not required: the label says "(opcional)", or when the field is needed only
 * sometimes, when (`"obligatoria con «Otro motivo»"`).
 */
type Optional = boolean | string;

function FieldLabel({ id, label, optional }: { id: string; label: string; optional?: Optional }) {
  return (
    <label htmlFor={id}>
      {label}
      {optional ? (
        <span className="field__optional"> ({typeof optional === "string" ? optional : "opcional"})</span>
      ) : null}
    </label>
  );
}

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: Optional;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

/** Label above, error below in danger with an icon (never colour alone), wired with aria-describedby. */
export function Field({ name, label, error, hint, optional, id, ...input }: FieldProps) {
  const inputId = id ?? `f-${name}`;
  return (
    <div className="field">
      <FieldLabel id={inputId} label={label} optional={optional} />
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        required={!optional && input.type !== "checkbox" ? true : undefined}
        {...input}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

/** A multi-line `Field`: the same label, hint and error wiring. */
export function TextAreaField({
  name,
  label,
  hint,
  error,
  optional,
  defaultValue,
  rows = 4,
  maxLength,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: Optional;
  defaultValue?: string;
  rows?: number;
  maxLength?: number;
}) {
  const id = `f-${name}`;
  return (
    <div className="field">
      <FieldLabel id={id} label={label} optional={optional} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        required={optional ? undefined : true}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A choice from a list: the same wiring as `Field`. With a `placeholder`, a
 * disabled "Elige…" first option that cannot be sent; an optional choice
 * lists its empty value among the options ("Sin cuenta").
 */
export function SelectField({
  name,
  label,
  placeholder,
  options,
  defaultValue,
  optional,
  hint,
  error,
}: {
  name: string;
  label: string;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  optional?: Optional;
  hint?: ReactNode;
  error?: string;
}) {
  const id = `f-${name}`;
  return (
    <div className="field">
      <FieldLabel id={id} label={label} optional={optional} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A new password and its confirmation (register, reset, the staff's activation):
 * the same rule and hint everywhere. Its words are in "common" (every page has them).
 */
export function NewPasswordFields({
  label,
  errors,
}: {
  label?: string;
  errors: { password?: string; confirmPassword?: string };
}) {
  const t = useT();
  return (
    <>
      <Field
        name="password"
        type="password"
        label={label ?? t("common.form.password")}
        autoComplete="new-password"
        hint={t("common.form.passwordHint")}
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        type="password"
        label={t("common.form.confirmPassword")}
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4v5M8 11.2v.1" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

/** Form-level message (the outcome of a submit): announced by screen readers when it appears. */
export function FormAlert({ message, tone = "error" }: { message?: string; tone?: "error" | "success" }) {
  if (!message) return <div role="alert" className="form-alert-slot" />;
  return (
    <div role="alert" className={`form-alert form-alert--${tone}`}>
      {message}
    </div>
  );
}

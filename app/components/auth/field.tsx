import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

/** Label above, error below in danger with an icon (never colour alone), wired with aria-describedby. */
export function Field({ name, label, error, hint, optional, id, ...input }: FieldProps) {
  const inputId = id ?? `f-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>
        {label}
        {optional ? <span className="field__optional"> (opcional)</span> : null}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={!optional && input.type !== "checkbox" ? true : undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A new password and its confirmation (register, reset): the same rule and hint everywhere. */
export function NewPasswordFields({
  label = "Contraseña",
  errors,
}: {
  label?: string;
  errors: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <Field
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        hint="Al menos 6 caracteres."
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        type="password"
        label="Confirmar contraseña"
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

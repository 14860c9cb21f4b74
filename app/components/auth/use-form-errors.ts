import { useEffect, useState, type FormEvent } from "react";
import type { z } from "~/lib/zod.ts";
import { fieldErrorKeysOf, formValues, translateErrors, type FieldErrors } from "~/auth/schemas.ts";
import { useT } from "~/i18n/react.tsx";

/**
 * Inline errors with the action's own zod schema: checked before submit when
 * JavaScript runs, shown from the action's 400 answer when it does not.
 * Editing a field clears its error and the form-level one. The schema gives
 * catalogue keys, translated here with the page's slice (its loader sends the
 * "auth" namespace, or its "auth.error" section); the action's errors come
 * already written in the page's language.
 */
export function useFormErrors(
  schema: z.ZodType,
  serverErrors: FieldErrors | undefined,
  /** The action data object: a new answer re-shows errors even when identical to the last. */
  version?: unknown,
) {
  const t = useT();
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  // Compared by content: callers may build the object on every render.
  const serverKey = JSON.stringify(serverErrors ?? {});
  useEffect(() => {
    setErrors(JSON.parse(serverKey) as FieldErrors);
  }, [serverKey, version]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(formValues(new FormData(form)));
    if (result.success) return;
    event.preventDefault();
    const next = translateErrors(t, fieldErrorKeysOf(result.error));
    setErrors(next);
    const first = Object.keys(next)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    setErrors((prev) => {
      if (!prev[name] && !prev.form) return prev;
      const next = { ...prev };
      delete next[name];
      delete next.form;
      return next;
    });
  }

  return { errors, onSubmit, onChange };
}

/** True once React runs in the browser (enhancements that must not block no-JS use). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

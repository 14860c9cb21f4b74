/**
 * A failed form parse as the messages its page shows: the first message per
 * field, keyed by the field's name ("form" for one about the whole form).
 * Its own module so every form module shares it without importing another
 * form's schemas into its bundle.
 */
import type { z } from "../lib/zod.ts";

/** First message per field, for the error line under each input. */
export function formErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

import { Form } from "react-router";
import { FieldError } from "~/components/auth/field.tsx";
import { EditionDates } from "~/components/catalogue/edition-choices.tsx";
import type { CourseEdition } from "~/domain/course.ts";
import type { WaitlistFieldErrors } from "~/domain/waitlist-form.ts";
import type { WaitlistJoinResult } from "~/domain/waitlist-messages.ts";
import { site } from "~/content/site.ts";
import { useT } from "~/i18n/react.tsx";

/** What the page's action answered for one edition's form. */
export interface WaitlistFormState {
  result?: { result: WaitlistJoinResult; message: string };
  errors?: WaitlistFieldErrors;
  email?: string;
}

/**
 * "Avísame si queda una plaza" for one full edition: a plain POST form to the
 * course page (works without JavaScript). A signed-in buyer sees her account
 * email read-only (the server uses it whatever the field says).
 */
export function WaitlistForm({
  edition,
  buyerEmail,
  state,
}: {
  edition: Pick<CourseEdition, "id" | "startsOn" | "endsOn">;
  buyerEmail: string | null;
  state: WaitlistFormState;
}) {
  const t = useT();
  const base = `aviso-${edition.id}`;
  const { errors = {}, result } = state;
  const ids = { email: `${base}-email`, consent: `${base}-consent`, status: `${base}-estado` };
  const describedBy = (field: "email" | "consent") => (errors[field] ? `${ids[field]}-error` : undefined);
  return (
    <Form method="post" className="waitlist-form" noValidate preventScrollReset aria-labelledby={`${base}-titulo`}>
      <h3 id={`${base}-titulo`} className="waitlist-form__title">
        {t("catalogue.waitlist.title")}
        <EditionDates edition={edition} />
      </h3>
      <input type="hidden" name="edition" value={edition.id} />
      <div role="status" id={ids.status}>
        {result ? (
          <p className={`form-alert ${result.result === "unavailable" ? "form-alert--error" : "form-alert--success"}`}>
            {result.message}
          </p>
        ) : null}
        {errors.form ? <p className="form-alert form-alert--error">{errors.form}</p> : null}
        {errors.edition ? <p className="form-alert form-alert--error">{errors.edition}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={ids.email}>{t("catalogue.waitlist.email")}</label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          readOnly={buyerEmail !== null}
          defaultValue={buyerEmail ?? state.email ?? ""}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email")}
        />
        {errors.email ? <FieldError id={`${ids.email}-error`}>{errors.email}</FieldError> : null}
      </div>
      <div className="checkout-check">
        <input
          id={ids.consent}
          type="checkbox"
          name="consent"
          required
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={describedBy("consent")}
        />
        <label htmlFor={ids.consent}>{t("catalogue.waitlist.consent", { salon: site.name })}</label>
        {errors.consent ? <FieldError id={`${ids.consent}-error`}>{errors.consent}</FieldError> : null}
      </div>
      <p>
        <button type="submit" className="btn">
          {t("catalogue.waitlist.submit")}
        </button>
      </p>
    </Form>
  );
}

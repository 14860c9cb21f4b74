import { Form } from "react-router";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";

/**
 * A discreet reminder for a signed-in account whose address is not confirmed
 * yet, with the "reenviar" button (a plain form: works without JavaScript).
 * Shopping does not need it; linking Google to the account does. Shown on the
 * profile too, so its words are in "common".
 */
export function VerifyEmailNotice({ email, sent = false, error }: { email: string; sent?: boolean; error?: string }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <div className="form-alert form-alert--info verify-email-notice" role="status">
      <p>
        <Rich
          t={t}
          k={sent ? "common.verifyEmail.sent" : "common.verifyEmail.pending"}
          values={{ email }}
          tags={{ strong: (c) => <strong>{c}</strong> }}
        />
      </p>
      {error ? <p className="field__error">{error}</p> : null}
      <Form method="post" action={href("/verificar-email")} className="verify-email-notice__form">
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="btn btn--outline">
          {t("common.verifyEmail.resend")}
        </button>
      </Form>
    </div>
  );
}

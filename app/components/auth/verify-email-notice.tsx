import { Form } from "react-router";
import { verificationNotices } from "~/auth/verification-messages.ts";

/**
 * A discreet reminder for a signed-in account whose address is not confirmed
 * yet, with the "reenviar" button (a plain form: works without JavaScript).
 * Shopping does not need it; linking Google to the account does.
 */
export function VerifyEmailNotice({ email, sent = false, error }: { email: string; sent?: boolean; error?: string }) {
  return (
    <div className="form-alert form-alert--info verify-email-notice" role="status">
      <p>
        {sent ? verificationNotices.sent : verificationNotices.pending} <strong>{email}</strong>.{" "}
        {sent
          ? "Abre el enlace del mensaje en las próximas 48 horas (mira también en la carpeta de spam)."
          : "Busca nuestro mensaje en tu bandeja de entrada y abre el enlace."}
      </p>
      {error ? <p className="field__error">{error}</p> : null}
      <Form method="post" action="/verificar-email" className="verify-email-notice__form">
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="btn btn--outline">
          Reenviar enlace
        </button>
      </Form>
    </div>
  );
}

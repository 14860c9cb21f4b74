// The two steps of a withdrawal by course (/perfil/compras/:orderId/desistir):
// the choice (a checkbox per course still withdrawable, none checked; a GET
// form) and the confirmation (what is refunded, from the server, and that it
// cannot be undone; a POST form). Plain forms: they work without JavaScript.
// Their words are the "account.withdrawal" namespace's, sent by the page's loader.
import { Form, Link } from "react-router";
import { CONFIRM_INTENT } from "~/domain/withdrawal.ts";
import { LINE_FIELD, REVIEW_STEP, type LineState } from "~/domain/withdrawal-lines.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { useT } from "~/i18n/react.tsx";

/** Why a course cannot be picked, next to its name. */
const CLOSED_NOTES: Record<Exclude<LineState, "open">, MessageKey> = {
  withdrawn: "account.withdrawal.line.withdrawn",
  refunded: "account.withdrawal.line.refunded",
  closed: "account.withdrawal.line.closed",
};

export function WithdrawalChoice({
  items,
  checked,
  error,
  busy,
}: {
  items: readonly { id: string; title: string; priceCents: number; state: LineState }[];
  checked: readonly string[];
  error: string | null;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Form method="get" className="withdrawal-form" aria-describedby="desistir-aviso">
      <input type="hidden" name="paso" value={REVIEW_STEP} />
      <fieldset aria-describedby={error ? "desistir-error" : undefined}>
        <legend>{t("account.withdrawal.choice.legend")}</legend>
        {items.map((item) =>
          item.state === "open" ? (
            <div className="withdrawal-form__line" key={item.id}>
              <input
                id={`linea-${item.id}`}
                type="checkbox"
                name={LINE_FIELD}
                value={item.id}
                defaultChecked={checked.includes(item.id)}
              />
              <label htmlFor={`linea-${item.id}`}>
                {item.title} <span className="withdrawal-form__price">({formatEuros(item.priceCents)})</span>
              </label>
            </div>
          ) : (
            <p className="withdrawal-form__line withdrawal-form__line--closed" key={item.id}>
              {item.title}: {t(CLOSED_NOTES[item.state])}
            </p>
          ),
        )}
      </fieldset>
      {error ? (
        <p id="desistir-error" className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p id="desistir-aviso">{t("account.withdrawal.choice.hint")}</p>
      <button type="submit" className="btn" disabled={busy}>
        {t("account.withdrawal.choice.submit")}
      </button>
    </Form>
  );
}

type Plan = { kind: "refund"; cents: number } | { kind: "staff"; proposedCents: number };

function planText(t: Translate, plan: Plan): string {
  if (plan.kind === "staff") return t("account.withdrawal.plan.staff", { amount: formatEuros(plan.proposedCents) });
  if (plan.cents === 0) return t("account.withdrawal.plan.nothing");
  return t("account.withdrawal.plan.refund", { amount: formatEuros(plan.cents) });
}

export function WithdrawalReview({
  review,
  busy,
  error,
}: {
  review: { lineIds: string[]; titles: string[]; plan: Plan };
  busy: boolean;
  error: string | null;
}) {
  const change = new URLSearchParams(review.lineIds.map((id) => [LINE_FIELD, id]));
  const t = useT();
  return (
    <section className="withdrawal-review" aria-labelledby="desistir-revisar">
      <h2 id="desistir-revisar">{t("account.withdrawal.review.title")}</h2>
      <p>{t("account.withdrawal.review.courses", { n: review.titles.length })}</p>
      <ul>
        {review.titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
      <p className="withdrawal-review__amount">{planText(t, review.plan)}</p>
      <p id="desistir-aviso">
        <strong>{t("account.withdrawal.review.final")}</strong>
      </p>
      {error ? (
        <p id="desistir-error" className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" aria-describedby={error ? "desistir-error" : "desistir-aviso"}>
        <input type="hidden" name="intent" value={CONFIRM_INTENT} />
        {review.lineIds.map((id) => (
          <input key={id} type="hidden" name={LINE_FIELD} value={id} />
        ))}
        <div className="withdrawal-review__actions">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? t("account.withdrawal.review.sending") : t("account.withdrawal.review.submit")}
          </button>
          <Link to={`?${change}`}>{t("account.withdrawal.review.change")}</Link>
        </div>
      </Form>
    </section>
  );
}

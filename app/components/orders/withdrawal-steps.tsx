// The two steps of a withdrawal by course (/perfil/compras/:orderId/desistir):
// the choice (a checkbox per course still withdrawable, none checked; a GET
// form) and the confirmation (what is refunded, from the server, and that it
// cannot be undone; a POST form). Plain forms: they work without JavaScript.
import { Form, Link } from "react-router";
import { CONFIRM_INTENT } from "~/domain/withdrawal.ts";
import { LINE_FIELD, REVIEW_STEP, type LineState } from "~/domain/withdrawal-lines.ts";
import { formatEuros } from "~/domain/pricing.ts";

/** Why a course cannot be picked, next to its name. */
const CLOSED_NOTES: Record<Exclude<LineState, "open">, string> = {
  withdrawn: "ya has desistido de este curso",
  refunded: "reembolsado",
  closed: "ya no admite el desistimiento",
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
  return (
    <Form method="get" className="withdrawal-form" aria-describedby="desistir-aviso">
      <input type="hidden" name="paso" value={REVIEW_STEP} />
      <fieldset aria-describedby={error ? "desistir-error" : undefined}>
        <legend>¿De qué cursos quieres desistir?</legend>
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
              {item.title}: {CLOSED_NOTES[item.state]}
            </p>
          ),
        )}
      </fieldset>
      {error ? (
        <p id="desistir-error" className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p id="desistir-aviso">
        Marca los cursos de los que quieres desistir. En el paso siguiente verás cuánto te devolvemos antes de
        confirmar.
      </p>
      <button type="submit" className="btn" disabled={busy}>
        Continuar
      </button>
    </Form>
  );
}

type Plan = { kind: "refund"; cents: number } | { kind: "staff"; proposedCents: number };

function planText(plan: Plan): string {
  if (plan.kind === "staff") {
    return `Como la formación ya ha empezado a petición tuya, te devolveremos la parte que no se ha impartido (art. 108.3 del TRLGDCU): según nuestras cuentas, ${formatEuros(plan.proposedCents)}. El salón revisará el importe y te escribirá con el reembolso en un máximo de 14 días.`;
  }
  if (plan.cents === 0) return "No queda importe por devolver en este pedido.";
  return `Te devolveremos ${formatEuros(plan.cents)} con el mismo método de pago, en un máximo de 14 días.`;
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
  return (
    <section className="withdrawal-review" aria-labelledby="desistir-revisar">
      <h2 id="desistir-revisar">Revisa y confirma</h2>
      <p>{review.titles.length === 1 ? "Vas a desistir de este curso:" : "Vas a desistir de estos cursos:"}</p>
      <ul>
        {review.titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <p className="withdrawal-review__amount">{planText(review.plan)}</p>
      <p id="desistir-aviso">
        <strong>Una vez confirmado, el desistimiento no se puede deshacer.</strong>
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
            {busy ? "Enviando…" : "Confirmar desistimiento"}
          </button>
          <Link to={`?${change}`}>Cambiar la selección</Link>
        </div>
      </Form>
    </section>
  );
}

import { Form } from "react-router";
import { FieldError, FormAlert } from "~/components/auth/field.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { NOTIFY_KINDS, NOTIFY_LABELS, type NotifyKind } from "~/domain/salon-notify.ts";
import type { Route } from "./+types/gestion.avisos";
import { loadAvisos, saveAvisos, type AvisosErrors } from "./gestion.avisos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Avisos al salón · Gestión",
    description: "Qué correos recibe el salón de Alejandra Nails sobre ventas, desistimientos y reembolsos.",
    path: "/gestion/avisos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAvisos(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveAvisos(request, context);
}

const DESCRIPTIONS: Record<NotifyKind, string> = {
  sale: "Cuando se paga un pedido de un curso.",
  withdrawal: "Cuando una compradora desiste de su compra y se le devuelve el dinero.",
  refund: "Cualquier otro reembolso, incluidos los automáticos por una compra duplicada.",
};

export default function StaffNotices({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, address, saved } = loaderData;
  const errors: AvisosErrors = actionData?.errors ?? {};
  return (
    <section className="staff-page">
      <h1>Avisos al salón</h1>
      <p>
        El salón recibe un correo en <strong>{address}</strong> por cada suceso marcado. La dirección se cambia con la
        variable de configuración <code>SALON_NOTIFY_EMAIL</code>.
      </p>
      {saved && !actionData ? <FormAlert tone="success" message="Avisos guardados." /> : null}
      {errors.form ? <FormAlert message={errors.form} /> : null}
      <Form method="post" action="/gestion/avisos" className="staff-form" key={JSON.stringify(settings)}>
        <fieldset>
          <legend>Enviar un correo al salón por…</legend>
          {NOTIFY_KINDS.map((kind) => {
            const id = `aviso-${kind}`;
            const describedBy = [`${id}-hint`, errors[kind] ? `${id}-error` : null].filter(Boolean).join(" ");
            return (
              <div className="staff-check" key={kind}>
                <input
                  type="checkbox"
                  id={id}
                  name={kind}
                  defaultChecked={settings[kind]}
                  aria-describedby={describedBy}
                  aria-invalid={errors[kind] ? true : undefined}
                />
                <label htmlFor={id}>{NOTIFY_LABELS[kind]}</label>
                <p id={`${id}-hint`} className="field__hint">
                  {DESCRIPTIONS[kind]}
                </p>
                {errors[kind] ? <FieldError id={`${id}-error`}>{errors[kind]}</FieldError> : null}
              </div>
            );
          })}
        </fieldset>
        <p className="field__hint">
          Desmarcar un aviso detiene los correos de los sucesos que ocurran a partir de ahora; los ya enviados no
          cambian. Cada cambio queda en el registro de auditoría.
        </p>
        <button type="submit" className="btn">
          Guardar avisos
        </button>
      </Form>
    </section>
  );
}

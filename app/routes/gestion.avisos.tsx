import { Form } from "react-router";
import { Field, FieldError, FormAlert } from "~/components/auth/field.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { ADDRESS_FIELD, ADDRESS_INTENT, NOTIFY_KINDS, NOTIFY_LABELS, type NotifyKind } from "~/domain/salon-notify.ts";
import type { Route } from "./+types/gestion.avisos";
import { loadAvisos, saveAvisos, type AvisosErrors } from "./gestion.avisos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Avisos al salón · Gestión",
    description: "Qué correos recibe el salón de Alejandra Nails sobre ventas, reembolsos y citas, y en qué dirección.",
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
  booking:
    "Cuando una clienta reserva una cita en la web y queda confirmada (al momento, al confirmar por correo o al pagar la señal).",
  cancellation: "Cuando una clienta anula su cita desde la web. Las que anuláis en la agenda no se avisan.",
};

/** Where the notices go: the owner's address, or back to the configuration's default. */
function AddressForm({
  address,
  defaultAddress,
  custom,
  errors,
  value,
}: {
  address: string;
  defaultAddress: string;
  custom: boolean;
  errors: AvisosErrors;
  value: string | undefined;
}) {
  return (
    <Form method="post" action="/gestion/avisos" className="staff-form" key={address}>
      <input type="hidden" name="intent" value={ADDRESS_INTENT} />
      <Field
        name={ADDRESS_FIELD}
        id="aviso-direccion"
        type="email"
        label="Dirección que recibe los avisos"
        optional
        autoComplete="email"
        maxLength={254}
        defaultValue={value ?? (custom ? address : "")}
        placeholder={defaultAddress}
        error={errors.address}
        hint={`Si la dejas vacía, los avisos van a ${defaultAddress} (variable de configuración SALON_NOTIFY_EMAIL). El cambio queda en el registro de auditoría.`}
      />
      <button type="submit" className="btn">
        Guardar dirección
      </button>
    </Form>
  );
}

export default function StaffNotices({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, address, defaultAddress, custom, mayChangeAddress, saved, addressSaved } = loaderData;
  const errors: AvisosErrors = actionData?.errors ?? {};
  return (
    <section className="staff-page">
      <h1>Avisos al salón</h1>
      <p>
        El salón recibe un correo en <strong>{address}</strong> por cada suceso marcado.
      </p>
      {saved && !actionData ? <FormAlert tone="success" message="Avisos guardados." /> : null}
      {addressSaved && !actionData ? <FormAlert tone="success" message="Dirección guardada." /> : null}
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
      <h2>Dirección de los avisos</h2>
      {mayChangeAddress ? (
        <AddressForm
          address={address}
          defaultAddress={defaultAddress}
          custom={custom}
          errors={errors}
          value={actionData?.value}
        />
      ) : (
        <p>Solo la propietaria puede cambiar la dirección que recibe los avisos.</p>
      )}
    </section>
  );
}

import { Form } from "react-router";
import { ProfilePersonal } from "~/components/account/profile-personal.tsx";
import { FormAlert } from "~/components/auth/field.tsx";
import { ProfileBillingFields } from "~/components/checkout/billing-fields.tsx";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.datos";
import { loadPersonal, personalAction } from "./perfil.datos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi perfil: Datos personales",
    description: "Tus datos personales en Alejandra Nails.",
    path: "/perfil/datos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadPersonal(url, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return personalAction(request, context);
}

export default function ProfilePersonalSection({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing, billing } = loaderData;
  const billingResult = actionData?.intent === "billing" ? actionData : undefined;
  return (
    <>
      {!profile.emailVerified ? <VerifyEmailNotice email={profile.email} /> : null}
      <ProfilePersonal
        profile={profile}
        editing={editing}
        errors={actionData?.intent === "profile" ? actionData.errors : undefined}
        values={actionData?.intent === "profile" ? actionData.values : undefined}
        version={actionData}
      />
      <section className="profile-billing" aria-labelledby="datos-facturacion">
        <h2 id="datos-facturacion">Datos de facturación</h2>
        <p className="checkout-note">
          Para tu factura completa: te los propondremos al pagar. Por encima de 400 € la ley exige factura completa, con tu
          nombre, NIF, NIE o CIF y dirección. Deja todos los campos vacíos para borrarlos.
        </p>
        <Form method="post" action="/perfil/datos" noValidate className="auth-form profile-form">
          <input type="hidden" name="intent" value="billing" />
          <ProfileBillingFields values={billingResult?.values ?? billing} errors={billingResult?.errors ?? {}} />
          <FormAlert message={billingResult?.errors.form} />
          <div className="profile-form__actions">
            <button type="submit" className="btn">
              Guardar datos de facturación
            </button>
            {billing.billingTaxId ? (
              <button type="submit" name="clear" value="1" className="btn btn--outline">
                Borrar datos de facturación
              </button>
            ) : null}
          </div>
        </Form>
      </section>
    </>
  );
}

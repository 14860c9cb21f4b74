import { Form } from "react-router";
import { ProfilePersonal } from "~/components/account/profile-personal.tsx";
import { FormAlert } from "~/components/auth/field.tsx";
import { ProfileBillingFields } from "~/components/checkout/billing-fields.tsx";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice.tsx";
import { accountMeta } from "~/components/account/account-meta.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import type { Route } from "./+types/perfil.datos";
import { loadPersonal, personalAction } from "./perfil.datos.server.ts";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.datos.title",
    description: "account.meta.datos.description",
    path: "/perfil/datos",
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
  const t = useT();
  const href = useLocalHref();
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
        <h2 id="datos-facturacion">{t("account.billing.title")}</h2>
        <p className="checkout-note">{t("account.billing.note")}</p>
        <Form method="post" action={href("/perfil/datos")} noValidate className="auth-form profile-form">
          <input type="hidden" name="intent" value="billing" />
          <ProfileBillingFields values={billingResult?.values ?? billing} errors={billingResult?.errors ?? {}} />
          <FormAlert message={billingResult?.errors.form} />
          <div className="profile-form__actions">
            <button type="submit" className="btn">
              {t("account.billing.save")}
            </button>
            {billing.billingTaxId ? (
              <button type="submit" name="clear" value="1" className="btn btn--outline">
                {t("account.billing.clear")}
              </button>
            ) : null}
          </div>
        </Form>
      </section>
    </>
  );
}

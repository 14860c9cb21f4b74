import { ProfilePersonal } from "~/components/account/profile-personal.tsx";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.datos";
import { loadPersonal, personalAction } from "./perfil.datos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi Perfil: Datos Personales",
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
  const { profile, editing } = loaderData;
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
    </>
  );
}

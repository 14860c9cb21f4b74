import { ProfileSettings } from "~/components/account/profile-settings.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.ajustes";
import { loadSettingsSection, settingsAction } from "./perfil.ajustes.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi perfil: Configuración",
    description: "Tus preferencias, tu contraseña y tus datos en Alejandra Nails.",
    path: "/perfil/ajustes",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadSettingsSection(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

export default function ProfileSettingsSection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileSettings
      settings={loaderData.settings}
      newsletterConsentOn={loaderData.newsletterConsentOn}
      hasPassword={loaderData.hasPassword}
      locale={loaderData.locale}
      action={actionData}
    />
  );
}

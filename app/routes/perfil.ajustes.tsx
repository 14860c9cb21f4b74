import { ProfileSettings } from "~/components/account/profile-settings.tsx";
import { accountMeta } from "~/components/account/account-meta.ts";
import type { Route } from "./+types/perfil.ajustes";
import { loadSettingsSection, settingsAction } from "./perfil.ajustes.server.ts";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.ajustes.title",
    description: "account.meta.ajustes.description",
    path: "/perfil/ajustes",
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

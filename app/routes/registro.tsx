import { Form, Link, redirect, useNavigation } from "react-router";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { authErrors, registerSchema } from "~/auth/schemas.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { Field, FormAlert, NewPasswordFields } from "~/components/auth/field.tsx";
import { GoogleButton } from "~/components/auth/google-button.tsx";
import { PhoneField } from "~/components/forms/client-details-fields.tsx";
import { useFormErrors } from "~/components/auth/use-form-errors.ts";
import { getServices } from "~/context.server.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/registro";
import { registerAction } from "./registro.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("auth.register.meta.title"),
    description: t("auth.register.meta.description"),
    path: "/registro",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rawRedirect = url.searchParams.get("redirectTo");
  const locale = localeOfRequest(request);
  const redirectTo = safeRedirect(rawRedirect, "/");
  if (await getOptionalUser(request, context)) throw redirect(localHref(locale, redirectTo));
  return {
    redirectTo: rawRedirect ? redirectTo : "",
    googleEnabled: getServices(context).config.google !== null,
    googleError:
      url.searchParams.get("error") === "google" ? serverTranslator(locale)(authErrors.registerGoogle) : undefined,
    messages: messagesFor(locale, ["auth"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return registerAction(request, context);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalHref();
  const { errors, onSubmit, onChange } = useFormErrors(
    registerSchema,
    actionData?.errors ?? (loaderData.googleError ? { form: loaderData.googleError } : undefined),
    actionData,
  );
  const busy = useNavigation().state === "submitting";
  const v = actionData?.values ?? {};
  const q = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>{t("auth.register.title")}</h1>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <div className="auth-form__row">
            <Field
              name="firstName"
              label={t("auth.field.firstName")}
              autoComplete="given-name"
              defaultValue={v.firstName}
              error={errors.firstName}
            />
            <Field
              name="lastName"
              label={t("auth.field.lastName")}
              autoComplete="family-name"
              defaultValue={v.lastName}
              error={errors.lastName}
            />
          </div>
          <Field
            name="email"
            type="email"
            label={t("auth.field.email")}
            autoComplete="email"
            defaultValue={v.email}
            error={errors.email}
          />
          <PhoneField
            name="phone"
            label={t("auth.field.phone")}
            optional={t("auth.field.optional")}
            autoComplete="tel"
            defaultValue={v.phone}
            error={errors.phone}
          />
          <NewPasswordFields errors={errors} />
          <FormAlert message={errors.form} />
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? t("auth.register.submitting") : t("auth.register.submit")}
          </button>
        </Form>
        {loaderData.googleEnabled ? <GoogleButton intent="register" redirectTo={loaderData.redirectTo} /> : null}
        <p className="auth-switch">
          <Rich
            t={t}
            k="auth.register.haveAccount"
            tags={{ link: (c) => <Link to={`${href("/login")}${q}`}>{c}</Link> }}
          />
        </p>
      </div>
    </section>
  );
}

import { useLocale, useT } from "~/i18n/react.tsx";

/** Google's "G", drawn in its own colours (brand rules: not altered). */
function GoogleLogo() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.9-6.2z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continuar con Google" under an «o» divider: a plain link to the start route
 * (it redirects to the issuer). Pages show it only when Google sign-in is
 * configured: a button that cannot work is not offered as a way in.
 */
export function GoogleButton({ intent, redirectTo }: { intent: "login" | "register"; redirectTo?: string }) {
  const t = useT();
  const label = intent === "register" ? t("auth.google.register") : t("auth.google.continue");
  const locale = useLocale();
  const params = new URLSearchParams({ intent });
  if (redirectTo) params.set("redirectTo", redirectTo);
  // The start route's URL has no language of its own: a Catalan page says so (a new account is made in it).
  if (locale !== "es") params.set("locale", locale);
  return (
    <>
      <p className="auth-divider">
        <span>{t("auth.google.or")}</span>
      </p>
      <a className="btn btn--outline btn--google" href={`/auth/google?${params}`}>
        <GoogleLogo />
        {label}
      </a>
    </>
  );
}

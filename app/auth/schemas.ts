// These schemas also run in the browser: zod comes through ~/lib/zod.ts (no eval probe under the CSP).
import { PHONE_MAX_LENGTH } from "~/domain/form-text.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { z } from "~/lib/zod.ts";

/**
 * Account form rules, shared by the actions (the authority) and the browser
 * (inline errors before submit). Their messages are catalogue keys
 * ("auth.error.*"): each is shown in the page's language, by the form (`t`)
 * or by the action (`serverTranslator` of the request's language).
 */
export const authErrors = {
  invalidEmail: "auth.error.invalidEmail",
  emailRequired: "auth.error.emailRequired",
  passwordRequired: "auth.error.passwordRequired",
  passwordTooShort: "auth.error.passwordTooShort",
  passwordTooLong: "auth.error.passwordTooLong",
  weakPassword: "auth.error.weakPassword",
  passwordsDontMatch: "auth.error.passwordsDontMatch",
  confirmRequired: "auth.error.confirmRequired",
  firstNameRequired: "auth.error.firstNameRequired",
  lastNameRequired: "auth.error.lastNameRequired",
  tooLong: "auth.error.tooLong",
  invalidPhone: "auth.error.invalidPhone",
  noAccount: "auth.error.noAccount",
  wrongPassword: "auth.error.wrongPassword",
  tooManyAttempts: "auth.error.tooManyAttempts",
  loginOther: "auth.error.loginOther",
  loginGoogle: "auth.error.loginGoogle",
  emailInUse: "auth.error.emailInUse",
  registerOther: "auth.error.registerOther",
  registerGoogle: "auth.error.registerGoogle",
  forgotOther: "auth.error.forgotOther",
  deleteConfirmRequired: "auth.error.deleteConfirmRequired",
  currentPasswordRequired: "auth.error.currentPasswordRequired",
} as const satisfies Record<string, MessageKey>;

export type AuthErrorName = keyof typeof authErrors;

/**
 * The same errors' Spanish texts (the Spanish catalogue's, word for word: the
 * tests compare them), for the Spanish-only callers that show them without
 * translating: Gestión's activation, security and team forms and the account
 * pages' actions, which call `fieldErrorsOf` without a translator. The server
 * bundle only; new code translates `authErrors` instead.
 */
export const messages = {
  invalidEmail: "Formato de correo electrónico inválido",
  emailRequired: "Introduce tu correo electrónico",
  passwordRequired: "Introduce tu contraseña",
  passwordTooShort: "La contraseña debe tener al menos 6 caracteres",
  passwordTooLong: "La contraseña no puede tener más de 128 caracteres",
  weakPassword: "La contraseña es demasiado débil",
  passwordsDontMatch: "Las contraseñas no coinciden",
  confirmRequired: "Repite la contraseña",
  firstNameRequired: "Introduce tu nombre",
  lastNameRequired: "Introduce tus apellidos",
  tooLong: "Es demasiado largo",
  invalidPhone: "Introduce un teléfono válido",
  noAccount: "No existe una cuenta con este correo electrónico",
  wrongPassword: "Contraseña incorrecta",
  tooManyAttempts: "Demasiados intentos. Inténtalo más tarde",
  loginOther: "Error al iniciar sesión. Inténtalo de nuevo",
  loginGoogle: "Error al iniciar sesión con Google",
  emailInUse: "Ya existe una cuenta con este correo electrónico",
  registerOther: "Error al crear la cuenta. Inténtalo de nuevo",
  registerGoogle: "Error al registrarse con Google",
  forgotOther: "Error al enviar el correo. Inténtalo de nuevo",
  deleteConfirmRequired: "Marca la casilla para confirmar que quieres eliminar tu cuenta",
  currentPasswordRequired: "Introduce tu contraseña actual",
} as const satisfies Record<AuthErrorName, string>;

const MIN_PASSWORD = 6;
const MAX_PASSWORD = 128;

// Long enough for the 6-character minimum, yet guessed in seconds.
const COMMON_PASSWORDS = new Set([
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "1234567890",
  "111111",
  "123123",
  "654321",
  "000000",
  "password",
  "qwerty",
  "qwerty123",
  "abc123",
  "abcdef",
  "contraseña",
  "contrasena",
  "iloveyou",
  "123qwe",
  "asdfgh",
  "zxcvbn",
  "password1",
  "admin123",
  "teamo",
  "teamo123",
  "barcelona",
]);

/** Beyond this a password is refused anyway: the weakness check never looks at more. */
const MAX_CHECKED_PASSWORD = 1024;

/** A common password, or one character repeated ("aaaaaa"). A plain loop: no regex backtracking on long input. */
export function isWeakPassword(password: string): boolean {
  if (password.length > MAX_CHECKED_PASSWORD) return false;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return true;
  if (password.length < 2) return false;
  const first = password.charCodeAt(0);
  for (let i = 1; i < password.length; i++) if (password.charCodeAt(i) !== first) return false;
  return true;
}

/**
 * A string capped before any other work: `abort: true` makes zod skip every later
 * check (trim, regex, refinements) once the cap fails, so a megabyte-long field
 * costs one length comparison. Every string field of the account forms starts here.
 */
const capped = (max: number, message: string = authErrors.tooLong) => z.string().max(max, { message, abort: true });

const email = capped(320, authErrors.invalidEmail)
  .trim()
  .toLowerCase()
  .min(1, authErrors.emailRequired)
  .max(254, authErrors.invalidEmail)
  .pipe(z.email({ message: authErrors.invalidEmail }));

/** A password being chosen: at least 6 characters, then "demasiado débil". */
const newPassword = capped(MAX_PASSWORD, authErrors.passwordTooLong)
  .min(1, authErrors.passwordRequired)
  .min(MIN_PASSWORD, authErrors.passwordTooShort)
  .refine((p) => !isWeakPassword(p), authErrors.weakPassword);

/** A password being checked: anything non-empty (old accounts may predate today's rules). */
const existingPassword = capped(MAX_CHECKED_PASSWORD, authErrors.passwordTooLong).min(1, authErrors.passwordRequired);

/** The repeated password: compared with the first one, never longer than any password we accept. */
const confirmPassword = capped(MAX_CHECKED_PASSWORD, authErrors.passwordTooLong).min(1, authErrors.confirmRequired);

/** Spaces around a name are allowed (trimmed), but not a megabyte of them. */
const name = (required: string) => capped(200, authErrors.tooLong).trim().min(1, required).max(80, authErrors.tooLong);

const phone = capped(40, authErrors.invalidPhone)
  .trim()
  .max(PHONE_MAX_LENGTH, authErrors.invalidPhone)
  .refine((v) => v === "" || /^\+?[0-9 ().-]{6,20}$/.test(v), authErrors.invalidPhone)
  .default("");

/** Where to go after signing in: checked by safeRedirect, only bounded here. */
const redirectTo = capped(2048).optional();

function passwordsMatch<T extends { password: string; confirmPassword: string }>(schema: z.ZodType<T>) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: authErrors.passwordsDontMatch,
    path: ["confirmPassword"],
  });
}

export const loginSchema = z.object({
  email,
  password: existingPassword,
  redirectTo,
});

export const registerSchema = passwordsMatch(
  z.object({
    firstName: name(authErrors.firstNameRequired),
    lastName: name(authErrors.lastNameRequired),
    email,
    phone,
    password: newPassword,
    confirmPassword,
    redirectTo,
  }),
);

export const forgotSchema = z.object({ email });

export const resetSchema = passwordsMatch(
  z.object({
    token: capped(200).min(1),
    password: newPassword,
    confirmPassword,
  }),
);

/** The email verification page: confirm a link, or ask for a new one. */
export const verifyEmailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), token: capped(200).min(1) }),
  z.object({ intent: z.literal("resend") }),
]);

export const profileSchema = z.object({
  firstName: name(authErrors.firstNameRequired),
  lastName: name(authErrors.lastNameRequired),
  email,
  phone,
  /** Only required when the email changes (checked in the action, which knows the old one). */
  currentPassword: capped(MAX_CHECKED_PASSWORD, authErrors.passwordTooLong).default(""),
});

export const changePasswordSchema = z
  .object({
    currentPassword: capped(MAX_CHECKED_PASSWORD, authErrors.passwordTooLong).min(
      1,
      authErrors.currentPasswordRequired,
    ),
    password: newPassword,
    confirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authErrors.passwordsDontMatch,
    path: ["confirmPassword"],
  });

export const deleteAccountSchema = z.object({
  confirm: z.literal("on", { message: authErrors.deleteConfirmRequired }),
  currentPassword: capped(MAX_CHECKED_PASSWORD, authErrors.passwordTooLong).default(""),
});

/** The preferences something acts on: reminder emails (the reminder job) and marketing consent. */
export const settingsKeys = ["courseEmails", "newsletter"] as const;
export type SettingsKey = (typeof settingsKeys)[number];

/** A form's error messages, one per field ("form": the whole form's), as shown. */
export type FieldErrors = Partial<Record<string, string>>;

/** A form's errors as the schemas give them: one catalogue key per field. */
export type FieldErrorKeys = Partial<Record<string, MessageKey>>;

/** The strings of a form (files ignored), ready for a schema. */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/**
 * First message per field, as the schema gives it: a catalogue key (an
 * "auth.error.*" one for the schemas here), for `aria-describedby` error lines.
 */
export function fieldErrorKeysOf(error: z.ZodError): FieldErrorKeys {
  const out: FieldErrorKeys = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message as MessageKey;
  }
  return out;
}

/** Each key of a form's errors in the language of `t`. */
export function translateErrors(t: Translate, keys: FieldErrorKeys): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(keys)) if (key) out[field] = t(key);
  return out;
}

const AUTH_ERROR_PREFIX = "auth.error.";

/** The Spanish text of one of `authErrors` (a message the schemas do not give stays as it is). */
function spanishText(message: string): string {
  const name = message.startsWith(AUTH_ERROR_PREFIX) ? message.slice(AUTH_ERROR_PREFIX.length) : "";
  return Object.hasOwn(messages, name) ? messages[name as AuthErrorName] : message;
}

/**
 * First message per field, shown: in the language of `t` (the request's, in an
 * action), or in Spanish without one (the Spanish-only callers, see `messages`).
 */
export function fieldErrorsOf(error: z.ZodError, t?: Translate): FieldErrors {
  const keys = fieldErrorKeysOf(error);
  if (t) return translateErrors(t, keys);
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(keys)) if (key) out[field] = spanishText(key);
  return out;
}

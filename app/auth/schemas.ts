import { z } from "zod";

// These schemas also run in the browser, under a CSP without 'unsafe-eval': keep zod
// from probing `new Function` (Chrome reports the blocked probe as a CSP violation).
z.config({ jitless: true });

/**
 * Account form rules, shared by the actions (the authority) and the browser
 * (inline errors before submit). Messages are SPEC.md §5/§8 word for word
 * where the spec gives them.
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
} as const;

export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 128;

// Long enough per the 6-character rule of SPEC.md §9, yet guessed in seconds.
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

export function isWeakPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase()) || /^(.)\1+$/.test(password);
}

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ message: messages.invalidEmail }));

/** A password being chosen: the §5 length rule, then "demasiado débil". */
const newPassword = z
  .string()
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD, messages.passwordTooShort)
  .max(MAX_PASSWORD, messages.passwordTooLong)
  .refine((p) => !isWeakPassword(p), messages.weakPassword);

/** A password being checked: anything non-empty (old accounts may predate today's rules). */
const existingPassword = z.string().min(1, messages.passwordRequired).max(1024, messages.passwordTooLong);

const name = (required: string) => z.string().trim().min(1, required).max(80, messages.tooLong);

const phone = z
  .string()
  .trim()
  .max(20, messages.invalidPhone)
  .refine((v) => v === "" || /^\+?[0-9 ().-]{6,20}$/.test(v), messages.invalidPhone)
  .default("");

function passwordsMatch<T extends { password: string; confirmPassword: string }>(schema: z.ZodType<T>) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ["confirmPassword"],
  });
}

export const loginSchema = z.object({
  email,
  password: existingPassword,
  redirectTo: z.string().optional(),
});

export const registerSchema = passwordsMatch(
  z.object({
    firstName: name(messages.firstNameRequired),
    lastName: name(messages.lastNameRequired),
    email,
    phone,
    password: newPassword,
    confirmPassword: z.string().min(1, messages.confirmRequired),
    redirectTo: z.string().optional(),
  }),
);

export const forgotSchema = z.object({ email });

export const resetSchema = passwordsMatch(
  z.object({
    token: z.string().min(1).max(200),
    password: newPassword,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  }),
);

export const profileSchema = z.object({
  firstName: name(messages.firstNameRequired),
  lastName: name(messages.lastNameRequired),
  email,
  phone,
  /** Only required when the email changes (checked in the action, which knows the old one). */
  currentPassword: z.string().max(1024).default(""),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, messages.currentPasswordRequired).max(1024, messages.passwordTooLong),
    password: newPassword,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ["confirmPassword"],
  });

export const deleteAccountSchema = z.object({
  confirm: z.literal("on", { message: messages.deleteConfirmRequired }),
  currentPassword: z.string().max(1024).default(""),
});

export const settingsKeys = [
  "courseEmails",
  "progressNotifications",
  "newsletter",
  "publicProfile",
  "showProgress",
] as const;
export type SettingsKey = (typeof settingsKeys)[number];

export type FieldErrors = Partial<Record<string, string>>;

/** The strings of a form (files ignored), ready for a schema. */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** First message per field, for `aria-describedby` error lines. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

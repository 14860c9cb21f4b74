import { describe, expect, it } from "vitest";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { translator } from "~/i18n/messages.ts";
import {
  authErrors,
  changePasswordSchema,
  deleteAccountSchema,
  fieldErrorKeysOf,
  fieldErrorsOf,
  forgotSchema,
  formValues,
  isWeakPassword,
  loginSchema,
  messages,
  profileSchema,
  registerSchema,
  resetSchema,
  translateErrors,
  verifyEmailSchema,
} from "./schemas.ts";

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrorsOf(r.error as Parameters<typeof fieldErrorsOf>[0]);
};

const validRegister = {
  firstName: " Lucía ",
  lastName: "García",
  email: " Lucia@Example.COM ",
  phone: "",
  password: "uñas-bonitas",
  confirmPassword: "uñas-bonitas",
};

describe("registerSchema", () => {
  it("accepts a valid form, trimming names and lower-casing the email", () => {
    const r = registerSchema.parse(validRegister);
    expect(r).toMatchObject({ firstName: "Lucía", email: "lucia@example.com", phone: "" });
  });

  it("requires every field but the phone", () => {
    const e = errorsOf(registerSchema, { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
    expect(e).toMatchObject({
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      email: messages.emailRequired,
      password: messages.passwordRequired,
      confirmPassword: messages.confirmRequired,
    });
    expect(e.phone).toBeUndefined();
  });

  it("gives the exact Spanish texts of the forms", () => {
    expect(errorsOf(registerSchema, { ...validRegister, email: "no-es-correo" }).email).toBe(
      "Formato de correo electrónico inválido",
    );
    expect(errorsOf(registerSchema, { ...validRegister, password: "abc", confirmPassword: "abc" }).password).toBe(
      "La contraseña debe tener al menos 6 caracteres",
    );
    expect(errorsOf(registerSchema, { ...validRegister, confirmPassword: "otra-cosa" }).confirmPassword).toBe(
      "Las contraseñas no coinciden",
    );
    expect(errorsOf(registerSchema, { ...validRegister, password: "123456", confirmPassword: "123456" }).password).toBe(
      "La contraseña es demasiado débil",
    );
    expect(
      errorsOf(registerSchema, { ...validRegister, password: "aaaaaaa", confirmPassword: "aaaaaaa" }).password,
    ).toBe("La contraseña es demasiado débil");
  });

  it("accepts exactly 6 characters and refuses absurdly long passwords", () => {
    expect(registerSchema.safeParse({ ...validRegister, password: "ab12cd", confirmPassword: "ab12cd" }).success).toBe(
      true,
    );
    const long = "x1".repeat(65);
    expect(errorsOf(registerSchema, { ...validRegister, password: long, confirmPassword: long }).password).toBe(
      messages.passwordTooLong,
    );
  });

  it("checks the optional phone loosely", () => {
    expect(registerSchema.safeParse({ ...validRegister, phone: "+34 655 48 21 37" }).success).toBe(true);
    expect(errorsOf(registerSchema, { ...validRegister, phone: "llámame" }).phone).toBe(messages.invalidPhone);
  });
});

describe("loginSchema and forgotSchema", () => {
  it("require email and password", () => {
    expect(errorsOf(loginSchema, { email: "", password: "" })).toMatchObject({
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
    expect(errorsOf(loginSchema, { email: "a@b", password: "x" }).email).toBe(messages.invalidEmail);
    expect(errorsOf(forgotSchema, { email: "" }).email).toBe(messages.emailRequired);
    expect(forgotSchema.parse({ email: "ANA@example.com" }).email).toBe("ana@example.com");
  });

  it("does not apply the new-password rules to sign-in", () => {
    expect(loginSchema.safeParse({ email: "ana@example.com", password: "123" }).success).toBe(true);
  });
});

describe("reset, profile, change password, delete", () => {
  it("reset needs the token and matching strong passwords", () => {
    expect(resetSchema.safeParse({ token: "t", password: "nueva-clave", confirmPassword: "nueva-clave" }).success).toBe(
      true,
    );
    expect(errorsOf(resetSchema, { token: "t", password: "nueva-clave", confirmPassword: "x" }).confirmPassword).toBe(
      messages.passwordsDontMatch,
    );
  });

  it("profile keeps the phone optional and the email valid", () => {
    expect(profileSchema.parse({ firstName: "A", lastName: "B", email: "a@example.com" })).toMatchObject({
      phone: "",
      currentPassword: "",
    });
    expect(errorsOf(profileSchema, { firstName: "A", lastName: "B", email: "x" }).email).toBe(messages.invalidEmail);
  });

  it("change password needs the current one", () => {
    expect(
      errorsOf(changePasswordSchema, { currentPassword: "", password: "nueva-clave", confirmPassword: "nueva-clave" })
        .currentPassword,
    ).toBe(messages.currentPasswordRequired);
  });

  it("delete needs the confirmation box", () => {
    expect(errorsOf(deleteAccountSchema, { currentPassword: "x" }).confirm).toBe(messages.deleteConfirmRequired);
    expect(deleteAccountSchema.safeParse({ confirm: "on", currentPassword: "x" }).success).toBe(true);
  });
});

describe("length limits first (a 4 MB field costs one comparison)", () => {
  const huge = "a".repeat(4 * 1024 * 1024);
  const spaces = " ".repeat(4 * 1024 * 1024);

  it("isWeakPassword is a plain loop: no stack overflow on 4 MB", () => {
    expect(() => isWeakPassword(huge)).not.toThrow();
    expect(isWeakPassword("aaaaaaa")).toBe(true);
    expect(isWeakPassword("aaaaaab")).toBe(false);
    expect(isWeakPassword("a")).toBe(false);
    expect(isWeakPassword("Barcelona")).toBe(true);
  });

  it("a 4 MB new password is 'too long' and nothing else, on every form that chooses one", () => {
    for (const [schema, value] of [
      [registerSchema, { ...validRegister, password: huge, confirmPassword: huge }],
      [resetSchema, { token: "t", password: huge, confirmPassword: huge }],
      [changePasswordSchema, { currentPassword: "x", password: huge, confirmPassword: huge }],
    ] as const) {
      const r = schema.safeParse(value);
      expect(r.success).toBe(false);
      const passwordIssues = r.error!.issues.filter((i) => i.path[0] === "password");
      expect(passwordIssues.map((i) => i.message)).toEqual([authErrors.passwordTooLong]);
    }
  });

  it("every string field of every account form is capped before trimming or pattern checks", () => {
    expect(
      errorsOf(registerSchema, {
        firstName: spaces,
        lastName: spaces,
        email: spaces,
        phone: spaces,
        password: spaces,
        confirmPassword: spaces,
        redirectTo: spaces,
      }),
    ).toEqual({
      firstName: messages.tooLong,
      lastName: messages.tooLong,
      email: messages.invalidEmail,
      phone: messages.invalidPhone,
      password: messages.passwordTooLong,
      confirmPassword: messages.passwordTooLong,
      redirectTo: messages.tooLong,
    });
    expect(errorsOf(loginSchema, { email: spaces, password: spaces, redirectTo: spaces })).toEqual({
      email: messages.invalidEmail,
      password: messages.passwordTooLong,
      redirectTo: messages.tooLong,
    });
    expect(errorsOf(forgotSchema, { email: spaces })).toEqual({ email: messages.invalidEmail });
    expect(errorsOf(resetSchema, { token: spaces, password: spaces, confirmPassword: spaces })).toEqual({
      token: messages.tooLong,
      password: messages.passwordTooLong,
      confirmPassword: messages.passwordTooLong,
    });
    expect(
      errorsOf(profileSchema, {
        firstName: spaces,
        lastName: spaces,
        email: spaces,
        phone: spaces,
        currentPassword: spaces,
      }),
    ).toEqual({
      firstName: messages.tooLong,
      lastName: messages.tooLong,
      email: messages.invalidEmail,
      phone: messages.invalidPhone,
      currentPassword: messages.passwordTooLong,
    });
    expect(
      errorsOf(changePasswordSchema, { currentPassword: spaces, password: spaces, confirmPassword: spaces }),
    ).toEqual({
      currentPassword: messages.passwordTooLong,
      password: messages.passwordTooLong,
      confirmPassword: messages.passwordTooLong,
    });
    expect(errorsOf(deleteAccountSchema, { confirm: spaces, currentPassword: spaces }).currentPassword).toBe(
      messages.passwordTooLong,
    );
    expect(errorsOf(verifyEmailSchema, { intent: "confirm", token: spaces }).token).toBe(messages.tooLong);
  });

  it("names with surrounding spaces within the cap are still trimmed and accepted", () => {
    const padded = `${" ".repeat(60)}Lucía${" ".repeat(60)}`;
    expect(registerSchema.parse({ ...validRegister, firstName: padded }).firstName).toBe("Lucía");
  });
});

describe("formValues", () => {
  it("keeps the first string of each key and ignores files", () => {
    const f = new FormData();
    f.append("email", "a@example.com");
    f.append("email", "b@example.com");
    f.append("file", new File(["x"], "x.txt"));
    expect(formValues(f)).toEqual({ email: "a@example.com" });
  });
});

describe("the schemas' messages are catalogue keys", () => {
  const keysOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? {} : fieldErrorKeysOf(r.error as Parameters<typeof fieldErrorKeysOf>[0]);
  };

  it("gives one auth.error key per field, never a text", () => {
    expect(
      keysOf(registerSchema, { ...validRegister, email: "no-es-correo", password: "abc", confirmPassword: "x" }),
    ).toEqual({
      email: "auth.error.invalidEmail",
      password: "auth.error.passwordTooShort",
      confirmPassword: "auth.error.passwordsDontMatch",
    });
    expect(keysOf(loginSchema, { email: "", password: "" })).toEqual({
      email: "auth.error.emailRequired",
      password: "auth.error.passwordRequired",
    });
    expect(keysOf(forgotSchema, { email: "x".repeat(400) })).toEqual({ email: "auth.error.invalidEmail" });
    expect(keysOf(deleteAccountSchema, {})).toEqual({ confirm: "auth.error.deleteConfirmRequired" });
    expect(keysOf(profileSchema, { firstName: "", lastName: "López", email: "a@b.es", phone: "llámame" })).toEqual({
      firstName: "auth.error.firstNameRequired",
      phone: "auth.error.invalidPhone",
    });
  });

  it("are written in the page's language by the form (t), and in Spanish by default", () => {
    const r = loginSchema.safeParse({ email: "no-es-correo", password: "" });
    expect(r.success).toBe(false);
    const keys = fieldErrorKeysOf(r.error!);
    const ca = translator("ca", messagesFor("ca", ["auth.error"]));
    expect(translateErrors(ca, keys)).toEqual({
      email: "El format del correu electrònic no és vàlid",
      password: "Escriu la teva contrasenya",
    });
    expect(fieldErrorsOf(r.error!, ca)).toEqual(translateErrors(ca, keys));
    const es = serverTranslator("es");
    expect(fieldErrorsOf(r.error!, es)).toEqual({
      email: "Formato de correo electrónico inválido",
      password: "Introduce tu contraseña",
    });
    // Without a translator (Gestión's forms, the account actions): the same Spanish.
    expect(fieldErrorsOf(r.error!)).toEqual(fieldErrorsOf(r.error!, es));
  });

  it("have the Spanish texts of `messages` in the Spanish catalogue, word for word, and all in Catalan", () => {
    const es = serverTranslator("es");
    const ca = serverTranslator("ca");
    for (const [name, key] of Object.entries(authErrors)) {
      expect(key).toBe(`auth.error.${name}`);
      expect(es(key), key).toBe(messages[name as keyof typeof messages]);
      expect(ca(key), key).not.toBe(key);
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  deleteAccountSchema,
  fieldErrorsOf,
  forgotSchema,
  formValues,
  loginSchema,
  messages,
  profileSchema,
  registerSchema,
  resetSchema,
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

describe("registerSchema (SPEC.md §5)", () => {
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

  it("gives the exact §5/§8 texts", () => {
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
    expect(errorsOf(registerSchema, { ...validRegister, password: "aaaaaaa", confirmPassword: "aaaaaaa" }).password).toBe(
      "La contraseña es demasiado débil",
    );
  });

  it("accepts exactly 6 characters and refuses absurdly long passwords", () => {
    expect(registerSchema.safeParse({ ...validRegister, password: "ab12cd", confirmPassword: "ab12cd" }).success).toBe(true);
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
    expect(resetSchema.safeParse({ token: "t", password: "nueva-clave", confirmPassword: "nueva-clave" }).success).toBe(true);
    expect(errorsOf(resetSchema, { token: "t", password: "nueva-clave", confirmPassword: "x" }).confirmPassword).toBe(
      messages.passwordsDontMatch,
    );
  });

  it("profile keeps the phone optional and the email valid", () => {
    expect(profileSchema.parse({ firstName: "A", lastName: "B", email: "a@example.com" })).toMatchObject({ phone: "", currentPassword: "" });
    expect(errorsOf(profileSchema, { firstName: "A", lastName: "B", email: "x" }).email).toBe(messages.invalidEmail);
  });

  it("change password needs the current one", () => {
    expect(errorsOf(changePasswordSchema, { currentPassword: "", password: "nueva-clave", confirmPassword: "nueva-clave" }).currentPassword).toBe(
      messages.currentPasswordRequired,
    );
  });

  it("delete needs the confirmation box", () => {
    expect(errorsOf(deleteAccountSchema, { currentPassword: "x" }).confirm).toBe(messages.deleteConfirmRequired);
    expect(deleteAccountSchema.safeParse({ confirm: "on", currentPassword: "x" }).success).toBe(true);
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

import { describe, expect, it } from "vitest";
import { tokenMessages } from "~/auth/reset-messages.ts";
import { messages } from "~/auth/schemas.ts";
import { verificationMessages } from "~/auth/verification-messages.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { translator } from "~/i18n/messages.ts";
import { NO_SECOND_FACTOR } from "~/staff/auth/challenges.server.ts";
import { errorKey, localizeError, localizeErrors } from "./error-text.ts";

const fixedTexts = [
  ...Object.values(messages),
  ...Object.values(tokenMessages),
  ...Object.values(verificationMessages),
];

describe("the account forms' errors in the page's language", () => {
  it("finds every fixed Spanish text in the Spanish catalogue, word for word", () => {
    const es = serverTranslator("es");
    for (const text of fixedTexts) {
      const key = errorKey(text);
      expect(key, text).toBeDefined();
      expect(es(key!)).toBe(text);
    }
    expect(es("auth.error.noSecondFactor")).toBe(NO_SECOND_FACTOR);
  });

  it("shows the Spanish unchanged and the Catalan from its catalogue", () => {
    const es = translator("es", messagesFor("es", ["auth"]));
    const ca = translator("ca", messagesFor("ca", ["auth"]));
    expect(localizeError(es, messages.passwordTooShort)).toBe("La contraseña debe tener al menos 6 caracteres");
    expect(localizeError(ca, messages.passwordTooShort)).toBe("La contrasenya ha de tenir almenys 6 caràcters");
    expect(localizeErrors(ca, { form: messages.tooManyAttempts, email: messages.invalidEmail })).toEqual({
      form: "Massa intents. Torna-ho a provar més tard",
      email: "El format del correu electrònic no és vàlid",
    });
  });

  it("keeps a text it does not know, and any text on a page without the auth slice", () => {
    const ca = translator("ca", messagesFor("ca", ["auth"]));
    expect(localizeError(ca, "Otro mensaje")).toBe("Otro mensaje");
    expect(localizeError(translator("ca", {}), messages.wrongPassword)).toBe("Contraseña incorrecta");
    expect(localizeError(ca, undefined)).toBeUndefined();
  });
});

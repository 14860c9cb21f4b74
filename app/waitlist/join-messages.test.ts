import { describe, expect, it } from "vitest";
import { waitlistFormSchema } from "~/domain/waitlist-form.ts";
import { WAITLIST_MESSAGES, WAITLIST_RESULT_MESSAGES, type WaitlistJoinResult } from "~/domain/waitlist-messages.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import {
  WAITLIST_ERROR_KEYS,
  WAITLIST_RESULT_KEYS,
  waitlistErrorText,
  waitlistFieldErrorsIn,
  waitlistResultText,
  type WaitlistErrorName,
} from "./join-messages.ts";

const es = serverTranslator("es");
const ca = serverTranslator("ca");

describe("the waiting list form's answers in the page's language", () => {
  it("say in Spanish exactly what the domain's texts say", () => {
    for (const name of Object.keys(WAITLIST_ERROR_KEYS) as WaitlistErrorName[])
      expect(waitlistErrorText(es, name), name).toBe(WAITLIST_MESSAGES[name]);
    for (const result of Object.keys(WAITLIST_RESULT_KEYS) as WaitlistJoinResult[])
      expect(waitlistResultText(es, result), result).toBe(WAITLIST_RESULT_MESSAGES[result]);
  });

  it("speak Catalan on a Catalan page, with the numbers the rules set", () => {
    expect(waitlistResultText(ca, "pending")).toMatch(/^Gairebé hi som: .* les properes 48 hores/u);
    expect(waitlistErrorText(ca, "tooManyLists")).toMatch(/^Aquesta adreça ja és a 5 llistes d’espera/u);
    for (const result of Object.keys(WAITLIST_RESULT_KEYS) as WaitlistJoinResult[])
      expect(waitlistResultText(ca, result)).not.toBe(WAITLIST_RESULT_MESSAGES[result]);
  });

  it("name each field's error by its field", () => {
    const r = waitlistFormSchema.safeParse({ edition: "", email: "no", consent: "" });
    expect(r.success).toBe(false);
    expect(waitlistFieldErrorsIn(es, r.error!)).toEqual({
      edition: WAITLIST_MESSAGES.edition,
      email: WAITLIST_MESSAGES.email,
      consent: WAITLIST_MESSAGES.consent,
    });
    expect(waitlistFieldErrorsIn(ca, r.error!)).toEqual({
      edition: "Aquesta convocatòria no existeix o ja no admet llista d’espera.",
      email: "Escriu un correu electrònic vàlid, per exemple nom@exemple.com.",
      consent: "Marca la casella perquè et puguem avisar per correu.",
    });
  });
});

import { describe, expect, it } from "vitest";
import { BILLING_INVALID_MESSAGE, BILLING_REQUIRED_MESSAGE } from "~/domain/billing-details.ts";
import { EARLY_START_REQUIRED_MESSAGE } from "~/domain/withdrawal.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import {
  checkoutErrorText,
  CHECKOUT_ERROR_CODES,
  CHECKOUT_ERROR_MESSAGES,
  CHECKOUT_ERROR_STATUS,
  CheckoutError,
  checkoutErrorMessage,
  type CheckoutErrorArgs,
} from "./checkout-error.ts";

describe("CheckoutError codes", () => {
  it("derives every status from the one table: 404 only for a course gone, 409 for the state of things, else 400", () => {
    expect(CHECKOUT_ERROR_STATUS).toEqual({
      "empty-cart": 400,
      "too-many-items": 400,
      "course-unavailable": 404,
      "early-start-required": 400,
      "already-enrolled": 409,
      "method-unavailable": 400,
      "billing-invalid": 400,
      "billing-required": 400,
      "no-seat": 409,
      "edition-mismatch": 400,
      "edition-cancelled": 409,
      "edition-started": 409,
      "edition-closed": 409,
      "edition-full": 409,
      "sold-out": 409,
    });
    expect(Object.keys(CHECKOUT_ERROR_MESSAGES).sort()).toEqual([...CHECKOUT_ERROR_CODES].sort());
  });

  it("sets code, status and message from the code", () => {
    const err = new CheckoutError("course-unavailable");
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: "course-unavailable",
      status: 404,
      message: "El curso no existe o ya no está disponible",
    });
    const full = new CheckoutError("edition-full", { title: "Curso X", startsOn: "2030-03-04" });
    expect(full).toMatchObject({ code: "edition-full", status: CHECKOUT_ERROR_STATUS["edition-full"] });
  });

  it("keeps the Spanish texts, with the title, date and method given as params", () => {
    const edition = { title: "Técnico Manicurista", startsOn: "2030-03-04" };
    expect(checkoutErrorMessage("edition-full", edition)).toBe(
      "La convocatoria del 4 de marzo de 2030 de «Técnico Manicurista» está completa. Elige otra fecha.",
    );
    expect(checkoutErrorMessage("edition-closed", edition)).toMatch(
      /tiene la inscripción cerrada\. Elige otra fecha\.$/,
    );
    expect(checkoutErrorMessage("no-seat", edition)).toBe(
      "Ya no quedan plazas en la convocatoria del 4 de marzo de 2030 de «Técnico Manicurista». Elige otra fecha.",
    );
    expect(checkoutErrorMessage("already-enrolled", { title: "Uñas" })).toBe(
      "Ya tienes acceso a «Uñas»: consúltalo en Mis cursos",
    );
    expect(checkoutErrorMessage("method-unavailable", { method: "Klarna - Paga en 3" })).toBe(
      "Klarna - Paga en 3 no está disponible para este importe",
    );
    expect(checkoutErrorMessage("early-start-required")).toBe(EARLY_START_REQUIRED_MESSAGE);
    expect(checkoutErrorMessage("billing-required")).toBe(BILLING_REQUIRED_MESSAGE);
    expect(checkoutErrorMessage("billing-invalid")).toBe(BILLING_INVALID_MESSAGE);
  });

  it("writes every refusal from the catalogue: the Spanish exactly as above, the Catalan in Catalan", () => {
    const params = { title: "Técnico Manicurista", startsOn: "2030-03-04", method: "Klarna - Paga en 3" };
    const es = serverTranslator("es");
    for (const code of CHECKOUT_ERROR_CODES) {
      const error = new CheckoutError(...([code, params] as unknown as CheckoutErrorArgs));
      expect(checkoutErrorText(es, code, error.params)).toBe(error.message);
    }
    const ca = serverTranslator("ca");
    expect(checkoutErrorText(ca, "edition-full", params)).toBe(
      "La convocatòria del 4 de març de 2030 de «Técnico Manicurista» és completa. Tria una altra data.",
    );
    expect(checkoutErrorText(ca, "early-start-required")).toMatch(/^La data triada comença abans/);
  });
});

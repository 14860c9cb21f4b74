/**
 * The two doors of requestCheckout answer the same outcome each in its own way:
 * the JSON API with `{ message }` and the status of the refusal's code, the
 * checkout form with the message on the field the code belongs to.
 */
import { describe, expect, it } from "vitest";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { CheckoutError } from "~/orders/checkout-error.ts";
import {
  CHECKOUT_ERROR_FIELD,
  CHECKOUT_FORM_ERRORS,
  checkoutFormAnswer,
  type CheckoutFormValues,
} from "~/routes/checkout.server.ts";
import { checkoutApiAnswer, DEFAULT_CHECKOUT_ERROR } from "./api.server.ts";
import type { CheckoutAttempt } from "./checkout-request.server.ts";

const values: CheckoutFormValues = { method: "card", wantsFullInvoice: false, billing: {} };
const es = serverTranslator("es");

const refused = (error: CheckoutError): CheckoutAttempt => ({ kind: "refused", error });

type FormRefusal = { data: { errors: Record<string, string>; values: CheckoutFormValues }; init: { status: number } };
const formAnswer = (attempt: CheckoutAttempt, courseId?: string) =>
  checkoutFormAnswer(attempt, values, courseId) as unknown as FormRefusal | Response;

describe("checkout answers by code", () => {
  it("a full edition: the API answers 409 with the message, the form puts it on the edition field", async () => {
    const error = new CheckoutError("edition-full", { title: "Curso X", startsOn: "2030-03-04" });
    const api = checkoutApiAnswer(refused(error));
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message: error.message });
    expect(formAnswer(refused(error))).toMatchObject({
      data: { errors: { edition: error.message }, values },
      init: { status: 409 },
    });
  });

  it("the early-start request is the waiver field's; a billing refusal opens the billing fields again", async () => {
    const early = new CheckoutError("early-start-required");
    expect((await checkoutApiAnswer(refused(early)).json()) as unknown).toEqual({ message: early.message });
    expect(formAnswer(refused(early))).toMatchObject({
      data: { errors: { waiver: early.message } },
      init: { status: 400 },
    });
    const billing = new CheckoutError("billing-required");
    expect(checkoutApiAnswer(refused(billing)).status).toBe(400);
    expect(formAnswer(refused(billing))).toMatchObject({
      data: { errors: { form: billing.message }, values: { wantsFullInvoice: true } },
      init: { status: 400 },
    });
  });

  it("a course gone: the API answers 404; the one-course page goes back to the catalogue, the cart shows it", () => {
    const gone = new CheckoutError("course-unavailable");
    expect(checkoutApiAnswer(refused(gone)).status).toBe(404);
    const page = formAnswer(refused(gone), "tecnico-manicurista") as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/formaciones");
    expect(formAnswer(refused(gone))).toMatchObject({
      data: { errors: { form: gone.message } },
      init: { status: 404 },
    });
  });

  it("gives every code a field of the form", () => {
    expect(new Set(Object.values(CHECKOUT_ERROR_FIELD))).toEqual(new Set(["edition", "waiver", "form"]));
  });

  it("the rest: started, rate limited, failed", async () => {
    const started: CheckoutAttempt = {
      kind: "started",
      started: { orderId: "o1", sessionId: "s1", url: "/pago-demo/o1", reused: false },
    };
    expect(await checkoutApiAnswer(started).json()).toEqual({ url: "/pago-demo/o1", orderId: "o1" });
    expect((formAnswer(started) as Response).headers.get("Location")).toBe("/pago-demo/o1");

    const limited: CheckoutAttempt = { kind: "rate-limited", retryAfterSeconds: 42 };
    const api = checkoutApiAnswer(limited);
    expect([api.status, api.headers.get("Retry-After")]).toEqual([429, "42"]);
    expect(formAnswer(limited)).toMatchObject({
      data: { errors: { form: es(CHECKOUT_FORM_ERRORS.rateLimited) } },
      init: { status: 429 },
    });

    for (const cause of ["provider", "internal"] as const) {
      const failed: CheckoutAttempt = { kind: "failed", cause };
      const res = checkoutApiAnswer(failed);
      expect([res.status, await res.json()]).toEqual([502, { message: DEFAULT_CHECKOUT_ERROR }]);
      const form = es(cause === "provider" ? CHECKOUT_FORM_ERRORS.noUrl : CHECKOUT_FORM_ERRORS.failed);
      expect(formAnswer(failed)).toMatchObject({ data: { errors: { form } }, init: { status: 502 } });
    }
  });
});

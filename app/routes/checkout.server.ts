import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findUserById } from "~/auth/accounts.server.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getCoursesByIds, listEditionChoices, todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import {
  BILLING_FIELDS,
  billingDetailsOf,
  billingFormValues,
  billingRequired,
  parseBillingForm,
  WANTS_FULL_INVOICE_FIELD,
  type BillingField,
  type BillingFormValues,
} from "~/domain/billing-details.ts";
import {
  editionFieldName,
  formatCheckoutLines,
  parseCheckoutLines,
  type CheckoutLine,
} from "~/domain/checkout-lines.ts";
import { lineEdition } from "~/domain/cart.ts";
import { isBookable } from "~/domain/course.ts";
import { requiresFullInvoice } from "~/domain/invoice-math.ts";
import { availableMethods, PAYMENT_METHOD_KEYS } from "~/domain/payment-methods.ts";
import { discountCents } from "~/domain/pricing.ts";
import { withdrawalPeriodEnds } from "~/domain/withdrawal.ts";
import { paymentMethodDescriptionIn, paymentMethodNameIn } from "~/components/checkout/payment-method-texts.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { CHECKOUT_ERROR_KEYS, checkoutErrorText, type CheckoutErrorCode } from "~/orders/checkout-error.ts";
import { billingErrorsIn } from "~/payments/billing-errors.ts";
import { requestCheckout, type CheckoutAttempt } from "~/payments/checkout-request.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/**
 * The form's own messages, as catalogue keys, shown in the page's language
 * (a refusal's message comes by its code, ~/orders/checkout-error.ts).
 */
export const CHECKOUT_FORM_ERRORS = {
  terms: "checkout.error.terms",
  waiver: CHECKOUT_ERROR_KEYS["early-start-required"],
  method: "checkout.error.method",
  edition: "checkout.error.edition",
  noCourses: CHECKOUT_ERROR_KEYS["empty-cart"],
  /** The provider gave no payment page. */
  noUrl: "checkout.error.noUrl",
  /** Any other failure. */
  failed: "checkout.error.failed",
  rateLimited: "checkout.error.rateLimited",
} as const satisfies Record<string, MessageKey>;

const editionSchema = z
  .string({ message: CHECKOUT_FORM_ERRORS.edition })
  .max(200, { message: CHECKOUT_FORM_ERRORS.edition });

const checkoutSchema = z.object({
  method: z.enum(PAYMENT_METHOD_KEYS, { message: CHECKOUT_FORM_ERRORS.method }),
  // Looked up by createOrder (each must be its course's and bookable); absent: the next bookable one.
  editions: z.record(z.string(), editionSchema.optional()),
  terms: z.literal("on", { message: CHECKOUT_FORM_ERRORS.terms }),
  // Required by createOrder only when a chosen edition starts within the 14 days.
  waiver: z.literal("on", { message: CHECKOUT_FORM_ERRORS.waiver }).optional(),
});

export type CheckoutFieldErrors = Partial<
  Record<"method" | "edition" | "terms" | "waiver" | "form" | BillingField, string>
>;

/** What the form sends back to be shown again after a refusal. */
export interface CheckoutFormValues {
  method: string;
  wantsFullInvoice: boolean;
  billing: BillingFormValues;
}

/**
 * The field that shows each refusal: a refused edition (full, closed, not this
 * course's, its seat gone) is the edition field's; the missing early-start
 * request is the waiver's; the rest are the form's message.
 */
export const CHECKOUT_ERROR_FIELD: Readonly<Record<CheckoutErrorCode, "edition" | "waiver" | "form">> = {
  "empty-cart": "form",
  "too-many-items": "form",
  "course-unavailable": "form",
  "early-start-required": "waiver",
  "already-enrolled": "form",
  "method-unavailable": "form",
  "billing-invalid": "form",
  "billing-required": "form",
  "no-seat": "edition",
  "edition-mismatch": "edition",
  "edition-cancelled": "edition",
  "edition-started": "edition",
  "edition-closed": "edition",
  "edition-full": "edition",
  "sold-out": "edition",
};

/**
 * The lines asked for: `/checkout/:courseId[?convocatoria=<id>]` is one course;
 * `/checkout?cursos=<id>:<editionId>,…` is the cart. The action reads the same
 * list from the form's hidden `cursos` field.
 */
function requestedLines(courseId: string | undefined, cursos: string | null | undefined, edition?: string | null) {
  if (courseId) return [{ courseId: courseId.slice(0, 100), editionId: edition?.slice(0, 200) || null }];
  return parseCheckoutLines(cursos);
}

const noCoursesRedirect = (courseId: string | undefined, locale: Locale) =>
  redirect(localHref(locale, courseId ? "/formaciones" : "/carrito"));

/** The schema's errors, one per field (every edition's is the edition field's), in the language of `t`. */
function schemaErrors(t: Translate, error: z.ZodError | undefined): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  for (const issue of error?.issues ?? []) {
    const field = (issue.path[0] === "editions" ? "edition" : issue.path[0]) as keyof CheckoutFieldErrors;
    errors[field] ??= t(issue.message as MessageKey);
  }
  return errors;
}

export async function loadCheckout(context: Ctx, courseId: string | undefined, url?: URL) {
  const locale = url ? localeOfPath(url.pathname) : "es";
  const t = serverTranslator(locale);
  const user = getUser(context);
  const db = getServices(context).db;
  const wanted = requestedLines(courseId, url?.searchParams.get("cursos"), url?.searchParams.get("convocatoria"));
  const found = await getCoursesByIds(
    db,
    wanted.map((l) => l.courseId),
    { locale },
  );
  // In the order asked for; unknown or inactive courses are left out.
  const lines = wanted.flatMap((line) => {
    const course = found.find((c) => c.id === line.courseId);
    return course ? [{ course, wantedEdition: line.editionId }] : [];
  });
  if (lines.length === 0) throw noCoursesRedirect(courseId, locale);
  const editions = await listEditionChoices(
    db,
    lines.map((l) => l.course.id),
    { locale },
  );
  const totalCents = lines.reduce((sum, l) => sum + l.course.priceCents, 0);
  const row = await findUserById(db, user.id);
  return {
    // The edition was chosen on the course page; the id in the URL is only a wish, looked up here
    // among the course's bookable editions (and again by createOrder when the form is sent).
    lines: lines.map(({ course, wantedEdition }) => {
      const ahead = editions.filter((e) => e.courseId === course.id);
      const bookable = ahead.filter(isBookable);
      return {
        course,
        edition: lineEdition(
          { editions: bookable, fullyBooked: ahead.length > 0 && bookable.length === 0 },
          wantedEdition,
        ),
      };
    }),
    /** Sent back by the form: which courses this checkout is for (each edition in its own hidden field). */
    cursos: courseId ? null : formatCheckoutLines(lines.map((l) => ({ courseId: l.course.id, editionId: null }))),
    originalCents: lines.reduce((sum, l) => sum + Math.max(l.course.originalPriceCents, l.course.priceCents), 0),
    discountCents: lines.reduce((sum, l) => sum + discountCents(l.course), 0),
    totalCents,
    /** Editions starting on or before this date need the early-start request. */
    withdrawalEnds: withdrawalPeriodEnds(todayInMadrid()),
    methods: availableMethods(totalCents).map(({ key, icon }) => ({
      key,
      name: paymentMethodNameIn(t, key),
      description: paymentMethodDescriptionIn(t, key),
      icon,
    })),
    buyer: { name: user.displayName || t("checkout.buyer.fallbackName"), email: user.email },
    billing: {
      /** Above 400 €: a factura completa is the law, the details are required. */
      required: requiresFullInvoice(totalCents),
      /** The details saved with the last order (or in the profile), to prefill the fields. */
      values: billingFormValues(row ? billingDetailsOf(row) : null),
    },
    messages: messagesFor(locale, ["checkout"]),
  };
}

function formEditions(form: FormData, lines: readonly CheckoutLine[]): Record<string, string | undefined> {
  // Own properties only (fromEntries), so a course id like "__proto__" is just a key.
  return Object.fromEntries(
    lines.map((l) => {
      const value = form.get(editionFieldName(l.courseId, lines.length));
      return [l.courseId, typeof value === "string" && value !== "" ? value : undefined];
    }),
  );
}

export async function checkoutAction(request: Request, context: Ctx, courseId?: string) {
  const user = getUser(context);
  const services = getServices(context);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const form = await request.formData();
  const cursos = form.get("cursos");
  const lines = requestedLines(courseId, typeof cursos === "string" ? cursos : null);
  const editions = formEditions(form, lines);
  const wantsFullInvoice = form.get(WANTS_FULL_INVOICE_FIELD) === "on";
  const billingInput = Object.fromEntries(BILLING_FIELDS.map((f) => [f, form.get(f) ?? undefined]));
  const values: CheckoutFormValues = {
    method: String(form.get("method") ?? ""),
    wantsFullInvoice,
    billing: {},
  };
  if (lines.length === 0) {
    return data(
      { errors: { form: t(CHECKOUT_FORM_ERRORS.noCourses) } as CheckoutFieldErrors, values },
      { status: 400 },
    );
  }
  // The fields count when the server's total needs them or the buyer asked for a factura completa.
  const totalCents = (
    await getCoursesByIds(
      services.db,
      lines.map((l) => l.courseId),
    )
  ).reduce((sum, c) => sum + c.priceCents, 0);
  const billing = billingRequired(totalCents, wantsFullInvoice)
    ? parseBillingForm(billingInput, { required: true })
    : null;
  values.billing = billing?.values ?? parseBillingForm(billingInput, { required: false }).values;
  const billingErrors: CheckoutFieldErrors = billing && !billing.ok ? billingErrorsIn(t, billing.errors) : {};
  const parsed = checkoutSchema.safeParse({
    method: form.get("method") ?? undefined,
    editions,
    terms: form.get("terms") ?? undefined,
    waiver: form.get("waiver") ?? undefined,
  });
  if (!parsed.success || (billing && !billing.ok)) {
    return data({ errors: { ...billingErrors, ...schemaErrors(t, parsed.error) }, values }, { status: 400 });
  }
  const attempt = await requestCheckout(services, {
    user,
    courseIds: lines.map((l) => l.courseId),
    editionIds: parsed.data.editions,
    method: parsed.data.method,
    withdrawalWaiver: parsed.data.waiver === "on",
    billing: billing?.ok ? billing.details : null,
    // The checkout page's language (/ca/pagament in Catalan): the order's emails and documents follow it.
    locale,
  });
  return checkoutFormAnswer(attempt, values, courseId, locale);
}

/** The form's answer to each outcome of requestCheckout (the same outcomes the JSON API answers), in the page's language. */
export function checkoutFormAnswer(
  attempt: CheckoutAttempt,
  values: CheckoutFormValues,
  courseId?: string,
  locale: Locale = "es",
) {
  const t = serverTranslator(locale);
  const refuse = (errors: CheckoutFieldErrors, status: number, shown = values) =>
    data({ errors, values: shown }, { status });
  switch (attempt.kind) {
    case "started":
      return redirect(attempt.started.url);
    case "rate-limited":
      return refuse({ form: t(CHECKOUT_FORM_ERRORS.rateLimited) }, 429);
    case "failed":
      return refuse(
        { form: t(attempt.cause === "provider" ? CHECKOUT_FORM_ERRORS.noUrl : CHECKOUT_FORM_ERRORS.failed) },
        502,
      );
    case "refused": {
      const { code, params, status } = attempt.error;
      const message = checkoutErrorText(t, code, params);
      // A course gone since the page was shown: the one-course page has nothing left; the cart says which.
      if (code === "course-unavailable" && courseId) return redirect(localHref(locale, "/formaciones"));
      // A billing refusal (a price changed since the page was shown) opens the billing fields again.
      const billingRefused = code === "billing-required" || code === "billing-invalid";
      const shown = billingRefused ? { ...values, wantsFullInvoice: true } : values;
      return refuse({ [CHECKOUT_ERROR_FIELD[code]]: message }, status, shown);
    }
  }
}

import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findUserById } from "~/auth/accounts.server.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getCoursesByIds, listEditionChoices, todayInMadrid } from "~/catalogue.server.ts";
import { getServices } from "~/context.server.ts";
import {
  BILLING_FIELDS,
  BILLING_INVALID_MESSAGE,
  BILLING_REQUIRED_MESSAGE,
  billingDetailsOf,
  billingFormValues,
  billingRequired,
  parseBillingForm,
  WANTS_FULL_INVOICE_FIELD,
  type BillingField,
  type BillingFormValues,
} from "~/domain/billing-details.ts";
import { editionFieldName, formatCheckoutLines, parseCheckoutLines, type CheckoutLine } from "~/domain/checkout-lines.ts";
import { requiresFullInvoice } from "~/domain/invoice-math.ts";
import { availableMethods, PAYMENT_METHOD_KEYS } from "~/domain/payment-methods.ts";
import { discountCents } from "~/domain/pricing.ts";
import { EARLY_START_REQUIRED_MESSAGE, withdrawalPeriodEnds } from "~/domain/withdrawal.ts";
import { hitRateLimit } from "~/lib/rate-limit.server.ts";
import { CheckoutError } from "~/orders/orders.server.ts";
import { CHECKOUT_RATE_LIMIT, checkoutRateLimitKey } from "~/payments/api.server.ts";
import { startCheckout } from "~/payments/checkout.server.ts";
import { PaymentProviderError } from "~/payments/provider.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export const checkoutMessages = {
  terms: "Debes aceptar los términos y condiciones y la política de privacidad para continuar",
  waiver: EARLY_START_REQUIRED_MESSAGE,
  method: "Elige un método de pago",
  edition: "Elige una de las convocatorias con plazas libres",
  noCourses: "No hay ningún curso que pagar",
  /** The provider gave no payment page / any other failure. */
  noUrl: "Error al crear la sesión de pago",
  default: "Error al procesar el pago",
  tooMany: "Demasiados intentos. Inténtalo más tarde",
} as const;

const editionSchema = z.string({ message: checkoutMessages.edition }).max(200, { message: checkoutMessages.edition });

const checkoutSchema = z.object({
  method: z.enum(PAYMENT_METHOD_KEYS, { message: checkoutMessages.method }),
  // Looked up by createOrder (each must be its course's and bookable); absent: the next bookable one.
  editions: z.record(z.string(), editionSchema.optional()),
  terms: z.literal("on", { message: checkoutMessages.terms }),
  // Required by createOrder only when a chosen edition starts within the 14 days.
  waiver: z.literal("on", { message: checkoutMessages.waiver }).optional(),
});

export type CheckoutFieldErrors = Partial<Record<"method" | "edition" | "terms" | "waiver" | "form" | BillingField, string>>;

/**
 * The lines asked for: `/checkout/:courseId[?convocatoria=<id>]` is one course;
 * `/checkout?cursos=<id>:<editionId>,…` is the cart. The action reads the same
 * list from the form's hidden `cursos` field.
 */
function requestedLines(courseId: string | undefined, cursos: string | null | undefined, edition?: string | null) {
  if (courseId) return [{ courseId: courseId.slice(0, 100), editionId: edition?.slice(0, 200) || null }];
  return parseCheckoutLines(cursos);
}

const noCoursesRedirect = (courseId: string | undefined) => redirect(courseId ? "/formaciones" : "/carrito");

export async function loadCheckout(context: Ctx, courseId: string | undefined, url?: URL) {
  const user = getUser(context);
  const db = getServices(context).db;
  const wanted = requestedLines(courseId, url?.searchParams.get("cursos"), url?.searchParams.get("convocatoria"));
  const found = await getCoursesByIds(db, wanted.map((l) => l.courseId));
  // In the order asked for; unknown or inactive courses are left out.
  const lines = wanted.flatMap((line) => {
    const course = found.find((c) => c.id === line.courseId);
    return course ? [{ course, wantedEdition: line.editionId }] : [];
  });
  if (lines.length === 0) throw noCoursesRedirect(courseId);
  const editions = await listEditionChoices(db, lines.map((l) => l.course.id));
  const totalCents = lines.reduce((sum, l) => sum + l.course.priceCents, 0);
  const row = await findUserById(db, user.id);
  return {
    lines: lines.map((l) => ({ ...l, editions: editions.filter((e) => e.courseId === l.course.id) })),
    /** Sent back by the form: which courses this checkout is for (the editions come from the radios). */
    cursos: courseId ? null : formatCheckoutLines(lines.map((l) => ({ courseId: l.course.id, editionId: null }))),
    originalCents: lines.reduce((sum, l) => sum + Math.max(l.course.originalPriceCents, l.course.priceCents), 0),
    discountCents: lines.reduce((sum, l) => sum + discountCents(l.course), 0),
    totalCents,
    /** Editions starting on or before this date need the early-start request. */
    withdrawalEnds: withdrawalPeriodEnds(todayInMadrid()),
    methods: availableMethods(totalCents).map(({ key, name, description, icon }) => ({ key, name, description, icon })),
    buyer: { name: user.displayName || "Usuario", email: user.email },
    billing: {
      /** Above 400 €: a factura completa is the law, the details are required. */
      required: requiresFullInvoice(totalCents),
      /** The details saved with the last order (or in the profile), to prefill the fields. */
      values: billingFormValues(row ? billingDetailsOf(row) : null),
    },
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
  const form = await request.formData();
  const cursos = form.get("cursos");
  const lines = requestedLines(courseId, typeof cursos === "string" ? cursos : null);
  const editions = formEditions(form, lines);
  const wantsFullInvoice = form.get(WANTS_FULL_INVOICE_FIELD) === "on";
  const billingInput = Object.fromEntries(BILLING_FIELDS.map((f) => [f, form.get(f) ?? undefined]));
  const values = {
    method: String(form.get("method") ?? ""),
    editions: Object.fromEntries(Object.entries(editions).map(([k, v]) => [k, v?.slice(0, 200) ?? ""])),
    wantsFullInvoice,
    billing: {} as BillingFormValues,
  };
  if (lines.length === 0) {
    return data({ errors: { form: checkoutMessages.noCourses } as CheckoutFieldErrors, values }, { status: 400 });
  }
  // The fields count when the server's total needs them or the buyer asked for a factura completa.
  const totalCents = (await getCoursesByIds(services.db, lines.map((l) => l.courseId))).reduce((sum, c) => sum + c.priceCents, 0);
  const billing = billingRequired(totalCents, wantsFullInvoice) ? parseBillingForm(billingInput, { required: true }) : null;
  values.billing = billing?.values ?? parseBillingForm(billingInput, { required: false }).values;
  const billingErrors: CheckoutFieldErrors = billing && !billing.ok ? billing.errors : {};
  const parsed = checkoutSchema.safeParse({
    method: form.get("method") ?? undefined,
    editions,
    terms: form.get("terms") ?? undefined,
    waiver: form.get("waiver") ?? undefined,
  });
  if (!parsed.success || (billing && !billing.ok)) {
    const errors: CheckoutFieldErrors = { ...billingErrors };
    for (const issue of parsed.error?.issues ?? []) {
      const key = (issue.path[0] === "editions" ? "edition" : issue.path[0]) as keyof CheckoutFieldErrors;
      errors[key] ??= issue.message;
    }
    return data({ errors, values }, { status: 400 });
  }
  const limit = await hitRateLimit(services.db, checkoutRateLimitKey(user.id), CHECKOUT_RATE_LIMIT);
  if (!limit.allowed) return data({ errors: { form: checkoutMessages.tooMany } as CheckoutFieldErrors, values }, { status: 429 });
  try {
    const started = await startCheckout(services, {
      user,
      courseIds: lines.map((l) => l.courseId),
      editionIds: parsed.data.editions,
      method: parsed.data.method,
      withdrawalWaiver: parsed.data.waiver === "on",
      billing: billing?.ok ? billing.details : null,
    });
    return redirect(started.url);
  } catch (err) {
    if (err instanceof CheckoutError) {
      // A course gone since the page was shown: the one-course page has nothing left; the cart says which.
      if (err.status === 404 && courseId) return redirect("/formaciones");
      // A refused edition (full, closed, not this course's) is the edition field's error.
      // The billing refusals (a price changed since the page was shown) are the form's message, as the rest.
      const field =
        err.message === EARLY_START_REQUIRED_MESSAGE ? "waiver" : /convocatoria/i.test(err.message) ? "edition" : "form";
      if (err.message === BILLING_REQUIRED_MESSAGE || err.message === BILLING_INVALID_MESSAGE) values.wantsFullInvoice = true;
      return data({ errors: { [field]: err.message } as CheckoutFieldErrors, values }, { status: err.status });
    }
    services.logger.error({ err, courseId }, "checkout: could not start the payment");
    const message = err instanceof PaymentProviderError ? checkoutMessages.noUrl : checkoutMessages.default;
    return data({ errors: { form: message } as CheckoutFieldErrors, values }, { status: 502 });
  }
}

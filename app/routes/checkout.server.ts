import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getUser } from "~/auth/user-context.server.ts";
import { getCourse, listEditionChoices, todayInMadrid } from "~/catalogue.server.ts";
import { getServices } from "~/context.server.ts";
import { availableMethods, PAYMENT_METHOD_KEYS } from "~/domain/payment-methods.ts";
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
  /** The provider gave no payment page / any other failure. */
  noUrl: "Error al crear la sesión de pago",
  default: "Error al procesar el pago",
  tooMany: "Demasiados intentos. Inténtalo más tarde",
} as const;

const checkoutSchema = z.object({
  method: z.enum(PAYMENT_METHOD_KEYS, { message: checkoutMessages.method }),
  // Looked up by createOrder (it must be this course's and bookable); absent: the next bookable one.
  edition: z.string({ message: checkoutMessages.edition }).max(200, { message: checkoutMessages.edition }).optional(),
  terms: z.literal("on", { message: checkoutMessages.terms }),
  // Required by createOrder only when the chosen edition starts within the 14 days.
  waiver: z.literal("on", { message: checkoutMessages.waiver }).optional(),
});

export type CheckoutFieldErrors = Partial<Record<"method" | "edition" | "terms" | "waiver" | "form", string>>;

/** `?convocatoria=<id>` preselects an edition (the course page's choice). */
export async function loadCheckout(context: Ctx, courseId: string, url?: URL) {
  const user = getUser(context);
  const db = getServices(context).db;
  const course = await getCourse(db, courseId);
  if (!course) throw redirect("/formaciones");
  return {
    course,
    editions: await listEditionChoices(db, [course.id]),
    /** Editions starting on or before this date need the early-start request. */
    withdrawalEnds: withdrawalPeriodEnds(todayInMadrid()),
    wantedEdition: url?.searchParams.get("convocatoria")?.slice(0, 200) ?? null,
    methods: availableMethods(course.priceCents).map(({ key, name, description, icon }) => ({ key, name, description, icon })),
    buyer: { name: user.displayName || "Usuario", email: user.email },
  };
}

export async function checkoutAction(request: Request, context: Ctx, courseId: string) {
  const user = getUser(context);
  const services = getServices(context);
  const form = await request.formData();
  const values = { method: String(form.get("method") ?? ""), edition: String(form.get("edition") ?? "").slice(0, 200) };
  const parsed = checkoutSchema.safeParse({
    method: form.get("method") ?? undefined,
    edition: form.get("edition") || undefined,
    terms: form.get("terms") ?? undefined,
    waiver: form.get("waiver") ?? undefined,
  });
  if (!parsed.success) {
    const errors: CheckoutFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof CheckoutFieldErrors;
      errors[key] ??= issue.message;
    }
    return data({ errors, values }, { status: 400 });
  }
  const limit = await hitRateLimit(services.db, checkoutRateLimitKey(user.id), CHECKOUT_RATE_LIMIT);
  if (!limit.allowed) return data({ errors: { form: checkoutMessages.tooMany } as CheckoutFieldErrors, values }, { status: 429 });
  try {
    const started = await startCheckout(services, {
      user,
      courseIds: [courseId],
      editionIds: parsed.data.edition ? { [courseId]: parsed.data.edition } : undefined,
      method: parsed.data.method,
      withdrawalWaiver: parsed.data.waiver === "on",
    });
    return redirect(started.url);
  } catch (err) {
    if (err instanceof CheckoutError) {
      if (err.status === 404) return redirect("/formaciones");
      // A refused edition (full, closed, not this course's) is the edition field's error.
      const field =
        err.message === EARLY_START_REQUIRED_MESSAGE ? "waiver" : /convocatoria/i.test(err.message) ? "edition" : "form";
      return data({ errors: { [field]: err.message } as CheckoutFieldErrors, values }, { status: err.status });
    }
    services.logger.error({ err, courseId }, "checkout: could not start the payment");
    const message = err instanceof PaymentProviderError ? checkoutMessages.noUrl : checkoutMessages.default;
    return data({ errors: { form: message } as CheckoutFieldErrors, values }, { status: 502 });
  }
}

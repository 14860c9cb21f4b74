/**
 * Handlers of the two payment APIs, separate from the route modules so the
 * integration tests call them with a real database and the Stripe mock. The
 * checkout API is one of the two adapters over requestCheckout
 * (./checkout-request.server.ts); the checkout page's form action is the other.
 */
import "~/lib/zod-spanish.server.ts";
import { z } from "zod";
import type { Db } from "~/db/db.server.ts";
import { parseBillingForm, type BillingErrorKey, type BillingField } from "~/domain/billing-details.ts";
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHOD_KEYS } from "~/domain/payment-methods.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { isLocale, LOCALES, localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { readBodyText } from "~/lib/read-body.server.ts";
import { MAX_ORDER_ITEMS } from "~/orders/orders.server.ts";
import { billingErrorText } from "./billing-errors.ts";
import { processPaymentEvent, type PaymentDeps } from "./checkout.server.ts";
import { CHECKOUT_ATTEMPT_MESSAGES, requestCheckout, type CheckoutAttempt } from "./checkout-request.server.ts";
import { WebhookSignatureError } from "./provider.server.ts";
import { MAX_WEBHOOK_BYTES } from "./webhook-route.ts";

export const DEFAULT_CHECKOUT_ERROR = CHECKOUT_ATTEMPT_MESSAGES.noUrl;
const MAX_BODY_BYTES = 16 * 1024;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * The old site's request body: courseId, courseName, coursePrice, courseDescription,
 * courseImage, userEmail, userId. Only the course ids are read; every price, name and
 * identity field is ignored, since a browser can send any value. `courseIds` pays a
 * whole cart; `items: [{ courseId, editionId }]` pays it for the editions chosen
 * (createOrder checks each belongs to its course and is bookable).
 */
const courseIdSchema = z
  .string({ error: "El identificador del curso debe ser un texto" })
  .trim()
  .min(1, { error: "Falta el curso que quieres pagar" })
  .max(100, { error: "El identificador del curso es demasiado largo" });

const editionIdSchema = z
  .string({ error: "El identificador de la convocatoria debe ser un texto" })
  .trim()
  .max(200, { error: "El identificador de la convocatoria es demasiado largo" });

/** One line of the cart: a course and the edition the buyer chose (checked by the server). */
const itemSchema = z.object(
  { courseId: courseIdSchema, editionId: editionIdSchema.optional() },
  { error: "Cada línea debe indicar el curso (courseId) y, si quieres, la convocatoria (editionId)" },
);

/**
 * Details for a factura completa, with the checkout form's field names; the
 * rules are parseBillingForm's (below). Required by createOrder above 400 €.
 */
const billingFieldSchema = z
  .string({ error: "Los datos de facturación deben ser textos" })
  .max(1_000, { error: "Los datos de facturación son demasiado largos" });
const billingSchema = z.object(
  {
    billingName: billingFieldSchema.optional(),
    billingTaxId: billingFieldSchema.optional(),
    billingAddress: billingFieldSchema.optional(),
    billingPostalCode: billingFieldSchema.optional(),
    billingCity: billingFieldSchema.optional(),
  },
  {
    error: "billing debe ser un objeto con billingName, billingTaxId, billingAddress, billingPostalCode y billingCity",
  },
);

/**
 * The language the order is made in (its emails and documents): the page's,
 * sent by the client. Only "es" or "ca"; anything else is refused (400) rather
 * than guessed. Absent: the buyer's account language (createOrder).
 */
const localeSchema = z.custom<Locale>(isLocale, {
  error: `Idioma no válido: usa ${LOCALES.join(" o ")}`,
});

const bodySchema = z
  .object(
    {
      courseId: courseIdSchema.optional(),
      editionId: editionIdSchema.optional(),
      items: z
        .array(itemSchema, { error: "items debe ser una lista de cursos" })
        .min(1, { error: "Falta el curso que quieres pagar" })
        .max(MAX_ORDER_ITEMS, { error: `Como máximo ${MAX_ORDER_ITEMS} cursos por pedido` })
        .optional(),
      courseIds: z
        .array(courseIdSchema, { error: "courseIds debe ser una lista de cursos" })
        .min(1, { error: "Falta el curso que quieres pagar" })
        .max(MAX_ORDER_ITEMS, { error: `Como máximo ${MAX_ORDER_ITEMS} cursos por pedido` })
        .optional(),
      paymentMethod: z
        .enum(PAYMENT_METHOD_KEYS, { error: `Método de pago no válido: usa ${PAYMENT_METHOD_KEYS.join(", ")}` })
        .optional(),
      withdrawalWaiver: z.boolean({ error: "withdrawalWaiver debe ser true o false" }).optional(),
      billing: billingSchema.nullable().optional(),
      locale: localeSchema.optional(),
    },
    { error: "El cuerpo de la petición debe ser un objeto JSON" },
  )
  .refine((b) => b.courseId || b.courseIds || b.items, { message: "Falta el curso que quieres pagar" });

/** The lines a body asks for: `items` (with editions), else `courseIds`, else `courseId` (+ `editionId`). */
function requestedLines(body: z.infer<typeof bodySchema>): { courseIds: string[]; editionIds: Record<string, string> } {
  const items =
    body.items ?? (body.courseIds ?? [body.courseId!]).map((courseId) => ({ courseId, editionId: undefined }));
  if (!body.items && body.courseId && body.editionId && !body.courseIds) items[0]!.editionId = body.editionId;
  // Own properties only (fromEntries), so a course id like "__proto__" is just a key.
  const editionIds = Object.fromEntries(items.flatMap((i) => (i.editionId ? [[i.courseId, i.editionId]] : [])));
  return { courseIds: items.map((i) => i.courseId), editionIds };
}

export interface ApiUser {
  id: string;
  email: string;
}

/** POST /api/create-checkout-session → `{ url }` or `{ message }` with a 4xx/5xx. */
export async function createCheckoutFromRequest(
  deps: PaymentDeps & { db: Db },
  request: Request,
  user: ApiUser | null,
): Promise<Response> {
  if (!user) return json({ message: "Debes iniciar sesión para pagar" }, 401);
  const text = await readBodyText(request, MAX_BODY_BYTES);
  if (!text.ok && text.reason === "too-large") return json({ message: "La petición es demasiado grande" }, 413);
  const notJson = () => json({ message: "El cuerpo de la petición no es JSON válido" }, 400);
  // Bytes that are not UTF-8 cannot be JSON either.
  if (!text.ok) return notJson();
  let raw: unknown;
  try {
    raw = JSON.parse(text.text);
  } catch {
    return notJson();
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) {
    return json({ message: parsed.error.issues[0]?.message ?? "Los datos del pago no son válidos" }, 400);
  }
  const body = parsed.data;
  // Given: it must be a whole, valid set (a factura completa asked for); absent: createOrder decides by the total.
  const billing = body.billing ? parseBillingForm(body.billing, { required: true }) : null;
  if (billing && !billing.ok) {
    // The first field's error, in the request's language (the API's address is a Spanish one).
    const [field, key] = (Object.entries(billing.errors) as [BillingField, BillingErrorKey][])[0] ?? [];
    const message =
      field && key ? billingErrorText(serverTranslator(localeOfRequest(request)), field, key) : undefined;
    return json({ message: message ?? "Los datos de facturación no son válidos" }, 400);
  }
  const attempt = await requestCheckout(deps, {
    user,
    ...requestedLines(body),
    method: body.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    withdrawalWaiver: body.withdrawalWaiver ?? false,
    billing: billing?.ok ? billing.details : null,
    locale: body.locale,
  });
  return checkoutApiAnswer(attempt);
}

/** The API's answer to each outcome: `{ url, orderId }`, or `{ message }` with the refusal's status (by its code). */
export function checkoutApiAnswer(attempt: CheckoutAttempt): Response {
  switch (attempt.kind) {
    case "started":
      return json({ url: attempt.started.url, orderId: attempt.started.orderId });
    case "refused":
      return json({ message: attempt.error.message }, attempt.error.status);
    case "rate-limited":
      return json({ message: CHECKOUT_ATTEMPT_MESSAGES.rateLimited }, 429, {
        "Retry-After": String(attempt.retryAfterSeconds),
      });
    case "failed":
      return json({ message: DEFAULT_CHECKOUT_ERROR }, 502);
  }
}

/** POST /api/webhooks/stripe: signature over the raw body, then idempotent processing. */
export async function handleStripeWebhook(deps: PaymentDeps, request: Request): Promise<Response> {
  if (deps.payments.name !== "stripe") return json({ message: "Los pagos con Stripe no están configurados" }, 404);
  const body = await readBodyText(request, MAX_WEBHOOK_BYTES);
  if (!body.ok && body.reason === "too-large") return json({ message: "La petición es demasiado grande" }, 413);
  // Stripe signs UTF-8 JSON: other bytes cannot carry a valid signature.
  if (!body.ok) return json({ message: "Firma del webhook no válida" }, 400);
  let event;
  try {
    event = deps.payments.parseWebhook(body.text, request.headers.get("stripe-signature"));
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      deps.logger.warn({ reason: err.message }, "payments: webhook rejected");
      return json({ message: "Firma del webhook no válida" }, 400);
    }
    throw err;
  }
  try {
    const outcome = await processPaymentEvent(deps, event);
    return json({ received: true, outcome });
  } catch (err) {
    // 5xx: Stripe retries later; nothing was committed for this event.
    deps.logger.error({ err, eventId: event.eventId }, "payments: webhook processing failed");
    return json({ message: "Error al procesar el evento" }, 500);
  }
}

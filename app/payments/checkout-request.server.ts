/**
 * The one path by which a buyer's request opens a payment page. Its two doors
 * are thin adapters: the checkout page's form action (app/routes/checkout.server.ts)
 * and the JSON API POST /api/create-checkout-session (./api.server.ts). Each
 * reads and checks its own request shape, then hands the same input here; this
 * applies the per-buyer limit, creates (or reuses) the order, opens the
 * provider's page and sorts every outcome into a `CheckoutAttempt`. The
 * adapters only turn that into their own answer: a redirect or form errors,
 * a JSON body.
 */
import { messages } from "~/auth/schemas.ts";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server.ts";
import { CheckoutError } from "~/orders/checkout-error.ts";
import { startCheckout, type PaymentDeps, type StartCheckoutInput, type StartedCheckout } from "./checkout.server.ts";
import { PaymentProviderError } from "./provider.server.ts";

/** Per buyer: generous for real use, stops a script from opening sessions in a loop. */
export const CHECKOUT_RATE_LIMIT = { points: 20, windowMs: 10 * 60 * 1000 } satisfies RateLimitRule;

export function checkoutRateLimitKey(userId: string): string {
  return `checkout:${userId}`;
}

/**
 * What the buyer reads for the outcomes that are not a refusal (a refusal's
 * message is its code's, ~/orders/checkout-error.ts); each door picks its own.
 */
export const CHECKOUT_ATTEMPT_MESSAGES = {
  rateLimited: messages.tooManyAttempts,
  /** The provider gave no payment page. */
  noUrl: "Error al crear la sesión de pago",
  /** Any other failure. */
  failed: "Error al procesar el pago",
} as const;

export type CheckoutAttempt =
  | { kind: "started"; started: StartedCheckout }
  /** The buyer can act on it: `error.code` says why, `error.status` and `error.message` follow from it. */
  | { kind: "refused"; error: CheckoutError }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** Logged here; the buyer gets a generic message (`provider`: the provider gave no payment page). */
  | { kind: "failed"; cause: "provider" | "internal" };

export async function requestCheckout(deps: PaymentDeps, input: StartCheckoutInput): Promise<CheckoutAttempt> {
  const limit = await hitRateLimit(deps.db, checkoutRateLimitKey(input.user.id), CHECKOUT_RATE_LIMIT);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  try {
    return { kind: "started", started: await startCheckout(deps, input) };
  } catch (err) {
    if (err instanceof CheckoutError) return { kind: "refused", error: err };
    deps.logger.error(
      { err, userId: input.user.id, courseIds: input.courseIds },
      "payments: could not start the checkout",
    );
    return { kind: "failed", cause: err instanceof PaymentProviderError ? "provider" : "internal" };
  }
}

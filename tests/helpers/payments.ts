import type { Db } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { PaymentEvent } from "~/payments/provider.server.ts";

/** The event the demo gateway's Pay button produces for a started checkout. */
export function demoPaidEvent(started: { orderId: string; sessionId: string }): PaymentEvent {
  return {
    kind: "paid",
    eventId: `demo:${started.orderId}:paid`,
    type: "demo.paid",
    sessionId: started.sessionId,
    orderId: started.orderId,
    amountTotalCents: null,
    currency: null,
  };
}

/** A buyer row straight in the database (no verification email queued), as the payment tests need. */
export async function insertBuyer(
  db: Db,
  opts: { prefix: string; firstName: string; lastName: string },
): Promise<{ id: string; email: string }> {
  const id = newId();
  const email = `${opts.prefix}-${id.slice(0, 8)}@example.com`;
  await db
    .insertInto("users")
    .values({
      id,
      email,
      password_hash: null,
      google_sub: null,
      display_name: `${opts.firstName} ${opts.lastName}`,
      first_name: opts.firstName,
      last_name: opts.lastName,
      phone: "",
      created_at: new Date().toISOString(),
      last_login_at: null,
    })
    .execute();
  return { id, email };
}

/** POST /api/webhooks/stripe as Stripe sends it, for the handler under test. */
export function stripeWebhookRequest(publicUrl: string, event: { body: string; signature: string }): Request {
  return new Request(`${publicUrl}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    body: event.body,
  });
}

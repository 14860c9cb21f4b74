import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "./provider.server.ts";
import { createStripeProvider } from "./stripe.server.ts";

const secret = "whsec_unit";
const provider = createStripeProvider({ secretKey: "sk_test_unit", webhookSecret: secret, publicUrl: "http://localhost:3000" });
const signer = new Stripe("sk_test_unit");

function signed(type: string, session: Record<string, unknown>, id = "evt_1") {
  const body = JSON.stringify({ id, object: "event", type, data: { object: { object: "checkout.session", id: "cs_1", ...session } } });
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

describe("Stripe webhook mapping (event → payment status)", () => {
  const session = { client_reference_id: "order-1", amount_total: 65000, currency: "eur", metadata: { order_id: "order-1" } };

  it.each([
    ["checkout.session.completed", { payment_status: "paid" }, "paid"],
    ["checkout.session.completed", { payment_status: "no_payment_required" }, "paid"],
    ["checkout.session.completed", { payment_status: "unpaid" }, "processing"],
    ["checkout.session.async_payment_succeeded", { payment_status: "paid" }, "paid"],
    ["checkout.session.async_payment_failed", { payment_status: "unpaid" }, "failed"],
    ["checkout.session.expired", { status: "expired" }, "expired"],
  ])("%s %o → %s", (type, extra, kind) => {
    const e = signed(type, { ...session, ...extra });
    expect(provider.parseWebhook(e.body, e.signature)).toEqual({
      kind,
      eventId: "evt_1",
      type,
      sessionId: "cs_1",
      orderId: "order-1",
      amountTotalCents: 65000,
      currency: "eur",
    });
  });

  it("falls back to metadata for the order id and ignores other events", () => {
    const e = signed("checkout.session.completed", { ...session, client_reference_id: null, payment_status: "paid" });
    expect(provider.parseWebhook(e.body, e.signature)).toMatchObject({ orderId: "order-1" });
    const other = signed("charge.succeeded", {});
    expect(provider.parseWebhook(other.body, other.signature)).toEqual({ kind: "ignored", eventId: "evt_1", type: "charge.succeeded" });
  });

  it("rejects missing, forged or stale signatures", () => {
    const e = signed("checkout.session.completed", { ...session, payment_status: "paid" });
    expect(() => provider.parseWebhook(e.body, null)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(e.body + " ", e.signature)).toThrow(WebhookSignatureError);
    const old = signer.webhooks.generateTestHeaderString({ payload: e.body, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => provider.parseWebhook(e.body, old)).toThrow(WebhookSignatureError);
    const other = signer.webhooks.generateTestHeaderString({ payload: e.body, secret: "whsec_other" });
    expect(() => provider.parseWebhook(e.body, other)).toThrow(WebhookSignatureError);
  });
});

describe("Stripe refund events", () => {
  const refund = {
    object: "refund",
    id: "re_1",
    amount: 5000,
    currency: "eur",
    payment_intent: "pi_1",
    status: "succeeded",
    metadata: { order_id: "order-1", refund_id: "refund-1" },
  };
  const event = (type: string, object: Record<string, unknown>) => {
    const body = JSON.stringify({ id: "evt_r", object: "event", type, data: { object } });
    return provider.parseWebhook(body, signer.webhooks.generateTestHeaderString({ payload: body, secret }));
  };
  const ours = { providerRefundId: "re_1", amountCents: 5000, currency: "eur", refundId: "refund-1", orderId: "order-1" };

  it.each([
    ["refund.created", "succeeded", "succeeded"],
    ["refund.updated", "pending", "pending"],
    ["refund.updated", "requires_action", "pending"],
    ["refund.failed", "failed", "failed"],
    ["refund.updated", "canceled", "failed"],
  ])("%s with status %s → a refund %s", (type, status, state) => {
    expect(event(type, { ...refund, status })).toEqual({
      kind: "refund",
      eventId: "evt_r",
      type,
      paymentId: "pi_1",
      refunds: [{ ...ours, state }],
    });
  });

  it("reads a Dashboard refund (no metadata) and charge.refunded with or without its list", () => {
    expect(event("refund.created", { ...refund, metadata: {} })).toMatchObject({
      refunds: [{ providerRefundId: "re_1", refundId: null, orderId: null }],
    });
    const charge = { object: "charge", id: "ch_1", payment_intent: "pi_1", amount_refunded: 5000 };
    expect(event("charge.refunded", charge)).toEqual({
      kind: "refund",
      eventId: "evt_r",
      type: "charge.refunded",
      paymentId: "pi_1",
      refunds: null,
    });
    const listed = { ...charge, refunds: { object: "list", data: [refund], has_more: false } };
    expect(event("charge.refunded", listed)).toMatchObject({ refunds: [{ ...ours, state: "succeeded" }] });
    const partial = { ...charge, refunds: { object: "list", data: [refund], has_more: true } };
    expect(event("charge.refunded", partial)).toMatchObject({ refunds: null });
  });
});

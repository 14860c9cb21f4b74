/**
 * The provider's way back follows the order's language (issue 34): an order
 * made on the Catalan checkout comes back to /ca/compra-completada or
 * /ca/pagament-cancellat (and the demo gateway's own page is Catalan too);
 * a Spanish order keeps /success and /cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeMock, type StripeMock } from "../../tests/helpers/stripe-mock.ts";
import { createDemoProvider } from "./demo.server.ts";
import type { CheckoutOrder } from "./provider.server.ts";
import { createStripeProvider } from "./stripe.server.ts";

const PUBLIC_URL = "https://alejandranails.test";
let mock: StripeMock;
beforeAll(async () => {
  mock = await startStripeMock("whsec_return_urls");
});
afterAll(async () => {
  await mock?.close();
});

function order(id: string, extra: Partial<CheckoutOrder> = {}): CheckoutOrder {
  return {
    id,
    createdAt: new Date().toISOString(),
    email: "ana@example.com",
    method: "card",
    currency: "eur",
    totalCents: 65000,
    lines: [{ courseId: "tecnico-manicurista", title: "Técnico Manicurista", priceCents: 65000 }],
    ...extra,
  };
}

async function stripeUrls(o: CheckoutOrder) {
  const stripe = createStripeProvider({
    secretKey: "sk_test_mock",
    webhookSecret: "whsec_return_urls",
    apiBase: mock.url,
    publicUrl: PUBLIC_URL,
  });
  await stripe.createCheckout(o);
  const create = mock.requests.findLast((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!;
  return create.body as { success_url: string; cancel_url: string };
}

describe("the way back from the payment page", () => {
  it("comes back to the Catalan pages for an order made in Catalan", async () => {
    expect(await stripeUrls(order("o-ca", { locale: "ca" }))).toMatchObject({
      success_url: `${PUBLIC_URL}/ca/compra-completada?session_id={CHECKOUT_SESSION_ID}&course_id=tecnico-manicurista`,
      cancel_url: `${PUBLIC_URL}/ca/pagament-cancellat`,
    });
    const demo = await createDemoProvider().createCheckout(order("o-ca", { locale: "ca" }));
    expect(demo.url).toBe("/ca/pagament-demo/o-ca");
  });

  it("keeps the Spanish pages for a Spanish order, or one that does not say", async () => {
    for (const o of [order("o-es", { locale: "es" }), order("o-none")]) {
      expect(await stripeUrls(o)).toMatchObject({
        success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}&course_id=tecnico-manicurista`,
        cancel_url: `${PUBLIC_URL}/cancel`,
      });
      expect((await createDemoProvider().createCheckout(o)).url).toBe(`/pago-demo/${o.id}`);
    }
  });

  it("keeps a page of its own (a deposit's) in the order's language when that page has a Catalan version", async () => {
    const urls = await stripeUrls(order("o-dep", { locale: "ca", cancelPath: "/reservar/pendiente?cita=a1" }));
    expect(urls.cancel_url).toBe(`${PUBLIC_URL}/ca/reserva/pendent?cita=a1`);
  });
});

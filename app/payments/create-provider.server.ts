import type { Config } from "~/config.server.ts";
import { createDemoProvider } from "./demo.server.ts";
import type { PaymentProvider } from "./provider.server.ts";
import { createStripeProvider } from "./stripe.server.ts";

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the offline demo gateway (/pago-demo/…). */
export function createPaymentProvider(config: Pick<Config, "stripe" | "publicUrl">): PaymentProvider {
  if (!config.stripe) return createDemoProvider();
  return createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl });
}

/** The start-up log line naming the live implementation (never the keys). */
export function paymentProviderLogLine(config: Pick<Config, "stripe" | "demoPayments" | "isLocalOrigin">): string {
  if (!config.stripe) {
    // Mirrors demoPaymentsAllowed() in routes/pago-demo.server.ts: no free courses on a public site.
    const where = config.demoPayments
      ? " — ATENCIÓN: DEMO_PAYMENTS=1, cualquier visitante puede marcar pedidos como pagados sin cobro (pedidos de demostración)"
      : " — solo paga desde este mismo equipo (sitio local)";
    return `pagos: pasarela de demostración /pago-demo (sin STRIPE_SECRET_KEY)${where}`;
  }
  const mode = config.stripe.secretKey.startsWith("sk_live_") ? "modo real" : "modo de pruebas";
  const base = config.stripe.apiBase ? ` contra ${config.stripe.apiBase}` : "";
  return `pagos: Stripe Checkout (${mode})${base}`;
}

import type { Config } from "~/config.server.ts";
import { createDemoProvider } from "./demo.server.ts";
import type { PaymentProvider } from "./provider.server.ts";
import { createStripeProvider } from "./stripe.server.ts";

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the offline demo gateway (/pago-demo/…). */
export function createPaymentProvider(config: Pick<Config, "stripe" | "publicUrl">): PaymentProvider {
  if (!config.stripe) return createDemoProvider();
  return createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl });
}

/**
 * The start-up log line naming the live implementation (never the keys), as a
 * warning when anyone may mark orders paid without being charged.
 */
export function paymentProviderLogLine(config: Pick<Config, "stripe" | "demoPayments" | "isLocalOrigin">): {
  level: "info" | "warn";
  message: string;
} {
  if (!config.stripe) {
    // Mirrors demoPaymentsAllowed() in routes/pago-demo.server.ts: no free courses on a public site.
    const base = "pagos: pasarela de demostración /pago-demo (sin STRIPE_SECRET_KEY)";
    return config.demoPayments
      ? {
          level: "warn",
          message: `${base} — ATENCIÓN: DEMO_PAYMENTS=1, cualquier visitante puede marcar pedidos como pagados sin cobro (pedidos de demostración)`,
        }
      : { level: "info", message: `${base} — solo paga desde este mismo equipo (sitio local)` };
  }
  const mode = config.stripe.secretKey.startsWith("sk_live_") ? "modo real" : "modo de pruebas";
  const apiBase = config.stripe.apiBase ? ` contra ${config.stripe.apiBase}` : "";
  return { level: "info", message: `pagos: Stripe Checkout (${mode})${apiBase}` };
}

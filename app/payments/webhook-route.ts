/** Where Stripe posts its events, and the largest body accepted there (Stripe signs the raw bytes). */
export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";
export const MAX_WEBHOOK_BYTES = 512 * 1024;

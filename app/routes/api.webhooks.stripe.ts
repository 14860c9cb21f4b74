import { getServices } from "~/context.server.ts";
import { handleStripeWebhook } from "~/payments/api.server.ts";
import type { Route } from "./+types/api.webhooks.stripe";

// Express parses no bodies (server/app.ts), so request.text() is the exact raw
// body Stripe signed. CSRF checks exempt this path (server/csrf.ts).
export async function action({ request, context }: Route.ActionArgs) {
  return handleStripeWebhook(getServices(context), request);
}

export function loader() {
  return Response.json({ message: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
}

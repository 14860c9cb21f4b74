import { getOptionalUser } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import { createCheckoutFromRequest } from "~/payments/api.server.ts";
import type { Route } from "./+types/api.create-checkout-session";

// Resource route: the cart's "Proceder al pago" (JSON in, `{ url }` out). The buyer is the
// signed-in session, never the userId/userEmail of the body.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request, context);
  return createCheckoutFromRequest(getServices(context), request, user);
}

export function loader() {
  return Response.json({ message: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
}

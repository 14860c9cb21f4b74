import { handleChatRequest } from "~/chat/api.server.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import type { Route } from "./+types/chatbot-chat";

// Resource route of the chat widget.
export async function action({ request, context }: Route.ActionArgs) {
  return handleChatRequest(getServices(context), request, clientNetwork(context));
}

export function loader() {
  return Response.json({ message: "Método no permitido: usa POST" }, { status: 405, headers: { Allow: "POST" } });
}

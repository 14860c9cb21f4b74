import { exportAccountData } from "~/auth/account-data.server.ts";
import { requireUser } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import type { Route } from "./+types/perfil.mis-datos";

/** GDPR access/portability: everything we hold about the signed-in person, as a JSON download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const payload = await exportAccountData(getServices(context).db, user.id);
  if (!payload) throw new Response("Cuenta no encontrada", { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(payload, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="alejandra-nails-mis-datos-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

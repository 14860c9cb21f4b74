import { exportAccountData } from "~/auth/account-data.server.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import type { Route } from "./+types/perfil.mis-datos";

/**
 * GDPR access/portability: everything we hold about the signed-in person, as a JSON
 * download. A resource route inside the account layout: its middleware still runs
 * (and redirects visitors to /login) though no layout renders.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const payload = await exportAccountData(getServices(context).db, getUser(context).id);
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

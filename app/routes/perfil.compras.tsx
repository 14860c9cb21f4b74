import { getUser } from "~/auth/user-context.server.ts";
import { ProfilePurchases } from "~/components/account/profile-purchases.tsx";
import { getServices } from "~/context.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { listOrders } from "~/orders/queries.server.ts";
import { withdrawalStates } from "~/orders/withdrawal-lines.server.ts";
import type { Route } from "./+types/perfil.compras";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi perfil: Historial de compras",
    description: "Tus pedidos en Alejandra Nails y el estado de cada uno.",
    path: "/perfil/compras",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  const orders = await listOrders(db, getUser(context).id);
  return {
    orders,
    // The withdrawal button while the right lasts for a course of the order; "Desistimiento solicitado" once used.
    withdrawal: await withdrawalStates(db, orders, new Date()),
  };
}

export default function ProfilePurchasesSection({ loaderData }: Route.ComponentProps) {
  return <ProfilePurchases orders={loaderData.orders} withdrawal={loaderData.withdrawal} />;
}

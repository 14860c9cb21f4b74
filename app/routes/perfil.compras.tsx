import { getUser } from "~/auth/user-context.server.ts";
import { ProfilePurchases } from "~/components/account/profile-purchases.tsx";
import { getServices } from "~/context.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { listOrders } from "~/orders/queries.server.ts";
import type { Route } from "./+types/perfil.compras";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi Perfil: Historial de Compras",
    description: "Tus pedidos en Alejandra Nails y el estado de cada uno.",
    path: "/perfil/compras",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await listOrders(getServices(context).db, getUser(context).id) };
}

export default function ProfilePurchasesSection({ loaderData }: Route.ComponentProps) {
  return <ProfilePurchases orders={loaderData.orders} />;
}

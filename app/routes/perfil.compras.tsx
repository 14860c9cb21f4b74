import { getUser } from "~/auth/user-context.server.ts";
import { ProfilePurchases } from "~/components/account/profile-purchases.tsx";
import { getServices } from "~/context.server.ts";
import { accountMeta } from "~/components/account/account-meta.ts";
import { listOrders } from "~/orders/queries.server.ts";
import { withdrawalStates } from "~/orders/withdrawal-lines.server.ts";
import type { Route } from "./+types/perfil.compras";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.compras.title",
    description: "account.meta.compras.description",
    path: "/perfil/compras",
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

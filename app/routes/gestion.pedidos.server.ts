/** /gestion/pedidos: the filtered, paginated order list (the filters live in the URL). */
import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { orderFiltersSearch, parseOrderFilters } from "~/domain/order-filters.ts";
import { listOrderedCourses, listStaffOrders } from "~/orders/staff-queries.server.ts";

export async function loadOrderList(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = getServices(context);
  const { filters, page, notes } = parseOrderFilters(new URL(request.url).searchParams);
  const [list, courses] = await Promise.all([listStaffOrders(db, filters, page), listOrderedCourses(db)]);
  if (page > list.page && list.total > 0)
    notes.push(`La página ${page} no existe: se muestra la última (${list.page}).`);
  return {
    filters,
    notes,
    courses,
    ...list,
    /** The same filters for the CSV export (all pages). */
    exportSearch: orderFiltersSearch(filters),
  };
}

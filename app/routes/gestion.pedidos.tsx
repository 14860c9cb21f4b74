import { Link } from "react-router";
import { OrdersFilterForm } from "~/components/staff/orders-filter-form.tsx";
import { OrdersTable } from "~/components/staff/orders-table.tsx";
import { FilterNotes, Pager } from "~/components/staff/pager.tsx";
import { hasOrderFilters, orderFiltersSearch } from "~/domain/order-filters.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.pedidos";
import { loadOrderList } from "./gestion.pedidos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Pedidos · Gestión",
    description: "Pedidos de la academia: filtros, búsqueda y exportación.",
    path: "/gestion/pedidos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrderList(request, context);
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { filters, notes, courses, rows, total, page, pageCount, exportSearch } = loaderData;
  const filtered = hasOrderFilters(filters);
  const countText = `${total} ${total === 1 ? "pedido" : "pedidos"}${filtered ? " con estos filtros" : ""}`;
  return (
    <section className="staff-section">
      <div className="staff-heading">
        <h1>Pedidos</h1>
        <a
          className="staff-button staff-button--secondary"
          href={`/gestion/pedidos/exportar.csv${exportSearch}`}
          download
        >
          Exportar CSV
        </a>
      </div>
      <FilterNotes id="pedidos-avisos" notes={notes} />
      <OrdersFilterForm filters={filters} courses={courses} notesId={notes.length ? "pedidos-avisos" : undefined} />
      <p className="staff-count" role="status">
        {countText}
      </p>
      {rows.length === 0 ? (
        <p>
          {filtered ? (
            <>
              No hay pedidos con estos filtros. <Link to="/gestion/pedidos">Ver todos los pedidos</Link>
            </>
          ) : (
            "Todavía no hay pedidos."
          )}
        </p>
      ) : (
        <>
          <OrdersTable
            rows={rows}
            caption={`Pedidos, del más reciente al más antiguo (página ${page} de ${pageCount})`}
          />
          <Pager page={page} pageCount={pageCount} href={(p) => `/gestion/pedidos${orderFiltersSearch(filters, p)}`} />
        </>
      )}
    </section>
  );
}

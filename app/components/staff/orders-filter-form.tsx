import { Form, Link } from "react-router";
import { ORDER_FILTER_PARAMS as P, type OrderFilters } from "~/domain/order-filters.ts";
import { PAYMENT_METHODS } from "~/domain/payment-methods.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { CourseFilter, FilterInput, FilterSelect } from "./filter-fields.tsx";

const STATUS_OPTIONS = ["paid", "pending", "failed", "cancelled", "partially-refunded", "refunded"] as const;

/** The order list's filters: a GET form, so the URL holds them (and works without JS). */
export function OrdersFilterForm({
  filters,
  courses,
  notesId,
}: {
  filters: OrderFilters;
  courses: { id: string; title: string }[];
  /** Id of the notes about ignored filters, when shown. */
  notesId?: string;
}) {
  return (
    <Form method="get" className="staff-filters" role="search" aria-label="Filtrar pedidos" aria-describedby={notesId}>
      <FilterInput
        id="f-q"
        label="Buscar por email o n.º de pedido"
        wide
        name={P.q}
        type="search"
        defaultValue={filters.q}
        maxLength={100}
        autoComplete="off"
      />
      <FilterSelect
        id="f-estado"
        label="Estado"
        name={P.status}
        defaultValue={filters.status ?? ""}
        all="Todos"
        options={STATUS_OPTIONS.map((s) => ({ value: s, label: purchaseStatusView(s).label }))}
      />
      <FilterSelect
        id="f-metodo"
        label="Método de pago"
        name={P.method}
        defaultValue={filters.method ?? ""}
        all="Todos"
        options={PAYMENT_METHODS.map((m) => ({ value: m.key, label: m.name }))}
      />
      <CourseFilter id="f-curso" name={P.courseId} courses={courses} selected={filters.courseId} />
      <FilterInput id="f-desde" label="Desde" name={P.from} type="date" defaultValue={filters.from ?? ""} />
      <FilterInput id="f-hasta" label="Hasta" name={P.to} type="date" defaultValue={filters.to ?? ""} />
      <div className="staff-filters__actions">
        <button type="submit" className="staff-button">
          Filtrar
        </button>
        <Link to="/gestion/pedidos">Quitar filtros</Link>
      </div>
    </Form>
  );
}

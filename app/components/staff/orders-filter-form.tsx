import { Form, Link } from "react-router";
import { ORDER_FILTER_PARAMS as P, type OrderFilters } from "~/domain/order-filters.ts";
import { PAYMENT_METHODS } from "~/domain/payment-methods.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";

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
      <div className="staff-filters__field staff-filters__field--wide">
        <label htmlFor="f-q">Buscar por email o n.º de pedido</label>
        <input id="f-q" name={P.q} type="search" defaultValue={filters.q} maxLength={100} autoComplete="off" />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="f-estado">Estado</label>
        <select id="f-estado" name={P.status} defaultValue={filters.status ?? ""}>
          <option value="">Todos</option>
          {STATUS_OPTIONS.map((s) => (
            <option key={s} value={s}>
              {purchaseStatusView(s).label}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__field">
        <label htmlFor="f-metodo">Método de pago</label>
        <select id="f-metodo" name={P.method} defaultValue={filters.method ?? ""}>
          <option value="">Todos</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m.key} value={m.key}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__field">
        <label htmlFor="f-curso">Curso</label>
        <select id="f-curso" name={P.courseId} defaultValue={filters.courseId ?? ""}>
          <option value="">Todos</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__field">
        <label htmlFor="f-desde">Desde</label>
        <input id="f-desde" name={P.from} type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="f-hasta">Hasta</label>
        <input id="f-hasta" name={P.to} type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="staff-filters__actions">
        <button type="submit" className="staff-button">
          Filtrar
        </button>
        <Link to="/gestion/pedidos">Quitar filtros</Link>
      </div>
    </Form>
  );
}

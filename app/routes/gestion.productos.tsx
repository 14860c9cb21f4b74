import { Link } from "react-router";
import { vatRateText, type StockLevel } from "~/counter/product-form.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.productos";
import { loadStaffProducts } from "./gestion.productos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Productos · Gestión",
    description: "Los productos que el salón vende en caja: precio, IVA y existencias.",
    path: "/gestion/productos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffProducts(request, context);
}

/** The stock, with a word (never colour alone) when it is running low or gone. */
function StockCell({ stock, level }: { stock: number; level: StockLevel }) {
  if (level === "ok") return <>{stock}</>;
  return (
    <>
      {stock}{" "}
      <span className={`status-badge status-badge--${level === "out" ? "danger" : "warning"}`}>
        {level === "out" ? "Sin existencias" : "Quedan pocas"}
      </span>
    </>
  );
}

export default function StaffProducts({ loaderData }: Route.ComponentProps) {
  const { products, notice } = loaderData;
  return (
    <section className="staff-cat">
      <div className="staff-cat__heading">
        <h1>Productos</h1>
        <Link className="staff-cat__button" to="/gestion/productos/nuevo">
          Nuevo producto
        </Link>
      </div>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="staff-hint">
        Lo que se vende en caja además de los servicios. Los precios llevan el IVA incluido; las existencias bajan con
        cada venta y suben con cada devolución.
      </p>
      {products.length === 0 ? (
        <p>Todavía no hay productos. Crea el primero con «Nuevo producto».</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-cat__table">
            <caption>Productos a la venta en caja</caption>
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col">Precio</th>
                <th scope="col">IVA</th>
                <th scope="col">Existencias</th>
                <th scope="col">Código de barras</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className={p.active ? undefined : "staff-cat__past"}>
                  <th scope="row">
                    <Link to={`/gestion/productos/${p.id}`}>{p.name}</Link>
                    {p.nameCa ? null : <span className="staff-cat__slug">Sin nombre en catalán</span>}
                  </th>
                  <td>{formatEuros(p.priceCents)}</td>
                  <td>{vatRateText(p.vatRateBp)}</td>
                  <td>
                    <StockCell stock={p.stock} level={p.level} />
                    {p.allowNegativeStock ? <span className="staff-cat__slug">Se vende sin existencias</span> : null}
                  </td>
                  <td>{p.barcode ? <code>{p.barcode}</code> : "—"}</td>
                  <td>{p.active ? "Activo" : "Inactivo"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

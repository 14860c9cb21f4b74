import { Form, Link } from "react-router";
import { REVIEW_INTENT } from "~/components/staff/bookings/labels.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.servicios";
import { loadStaffServices, reviewServiceAction } from "./gestion.servicios.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Servicios · Gestión",
    description: "La carta de servicios del salón: duración, precio y quién los realiza.",
    path: "/gestion/servicios",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffServices(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return reviewServiceAction(request, context, null);
}

export default function StaffServices({ loaderData }: Route.ComponentProps) {
  const { groups, pendingCount, notice } = loaderData;
  return (
    <section className="staff-cat">
      <div className="staff-cat__heading">
        <h1>Servicios</h1>
        <Link className="staff-cat__button" to="/gestion/servicios/nuevo">
          Nuevo servicio
        </Link>
      </div>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      {pendingCount > 0 ? (
        <div className="staff-notice">
          <p>
            <strong>
              {pendingCount === 1
                ? "1 servicio está pendiente de revisar."
                : `${pendingCount} servicios están pendientes de revisar.`}
            </strong>{" "}
            Son una propuesta de partida: comprueba el nombre, la duración, el precio y quién lo realiza. Si están bien,
            pulsa «Marcar como revisado»; si no, ábrelo, corrígelo y guárdalo.
          </p>
        </div>
      ) : null}
      {groups.length === 0 ? <p>Todavía no hay servicios. Crea el primero con «Nuevo servicio».</p> : null}
      {groups.map((g) => (
        <div className="table-scroll" key={g.category}>
          <table className="staff-cat__table">
            <caption>{g.label}</caption>
            <thead>
              <tr>
                <th scope="col">Servicio</th>
                <th scope="col">Duración</th>
                <th scope="col">Después</th>
                <th scope="col">Precio</th>
                <th scope="col">En la web</th>
                <th scope="col">Estado</th>
                <th scope="col">Lo realizan</th>
              </tr>
            </thead>
            <tbody>
              {g.services.map((s) => (
                <tr key={s.id} className={s.active ? undefined : "staff-cat__past"}>
                  <th scope="row">
                    <Link to={`/gestion/servicios/${s.id}`}>{s.name}</Link>
                    {s.lacksCatalan ? <span className="staff-cat__slug">Sin texto en catalán</span> : null}
                    {s.reviewPending ? (
                      <>
                        {" "}
                        <span className="status-badge status-badge--warning">Sin revisar</span>
                        <Form method="post" className="staff-cat__review">
                          <input type="hidden" name="intent" value={REVIEW_INTENT} />
                          <input type="hidden" name="servicio" value={s.id} />
                          <button
                            type="submit"
                            className="staff-cat__button staff-cat__button--secondary staff-cat__button--small"
                            aria-label={`Marcar como revisado: ${s.name}`}
                          >
                            Marcar como revisado
                          </button>
                        </Form>
                      </>
                    ) : null}
                  </th>
                  <td>{formatDuration(s.durationMin)}</td>
                  <td>{s.bufferMin > 0 ? formatDuration(s.bufferMin) : "—"}</td>
                  <td>{formatServicePrice(s.priceCents, s.priceFrom)}</td>
                  <td>{s.bookableOnline ? "Sí" : "No"}</td>
                  <td>{s.active ? "Activo" : "Inactivo"}</td>
                  <td>
                    {s.professionals.length === 0
                      ? "Nadie"
                      : s.professionals.map((p) => (p.active ? p.name : `${p.name} (inactiva)`)).join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

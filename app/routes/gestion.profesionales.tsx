import { Link } from "react-router";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.profesionales";
import { loadStaffProfessionals } from "./gestion.profesionales.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Profesionales · Gestión",
    description: "Quién trabaja en el salón, qué servicios realiza y su horario semanal.",
    path: "/gestion/profesionales",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffProfessionals(request, context);
}

export default function StaffProfessionals({ loaderData }: Route.ComponentProps) {
  const { professionals, notice } = loaderData;
  return (
    <section className="staff-cat">
      <div className="staff-cat__heading">
        <h1>Profesionales</h1>
        <Link className="staff-cat__button" to="/gestion/profesionales/nueva">
          Nueva profesional
        </Link>
      </div>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="staff-hint">
        Los días libres, las horas bloqueadas y los cierres del salón se anotan en{" "}
        <Link to="/gestion/horarios">Horarios</Link>.
      </p>
      {professionals.length === 0 ? (
        <p>Todavía no hay profesionales. Añade la primera con «Nueva profesional».</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-cat__table">
            <caption>Profesionales del salón, en el orden en que se ofrecen al reservar</caption>
            <thead>
              <tr>
                <th scope="col">Profesional</th>
                <th scope="col">Estado</th>
                <th scope="col">Horario semanal</th>
                <th scope="col">Servicios</th>
                <th scope="col">Cuenta</th>
              </tr>
            </thead>
            <tbody>
              {professionals.map((p) => (
                <tr key={p.id} className={p.active ? undefined : "staff-cat__past"}>
                  <th scope="row">
                    <Link to={`/gestion/profesionales/${p.id}`}>{p.name}</Link>
                    {p.title ? <span className="staff-cat__slug">{p.title}</span> : null}
                  </th>
                  <td>{p.active ? "Activa" : "Inactiva"}</td>
                  <td>{p.week || "Sin horario"}</td>
                  <td>{p.services.length === 0 ? "Ninguno" : p.services.join(", ")}</td>
                  <td>{p.account ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

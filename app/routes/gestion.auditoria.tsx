import { Form } from "react-router";
import { Pager } from "~/components/staff/pager.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.auditoria";
import { loadAuditLog } from "./gestion.auditoria.server.ts";
import { lookup } from "~/lib/lookup.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Auditoría",
    description: "Registro de cambios hechos en el área de gestión de Alejandra Nails.",
    path: "/gestion/auditoria",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadAuditLog(context, url);
}

/** Spanish names of the record kinds this part writes; others show as stored. */
const TYPE_LABELS: Record<string, string> = {
  user: "Persona del equipo",
  staff_invitation: "Invitación",
};

const typeLabel = (t: string) => lookup(TYPE_LABELS, t) ?? t;

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeStyle: "medium", timeZone: "Europe/Madrid" }).format(
    new Date(iso),
  );

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { types, entityType, page, pageCount, total, entries } = loaderData;
  const href = (p: number) => {
    const q = new URLSearchParams();
    if (entityType) q.set("tipo", entityType);
    if (p > 1) q.set("pagina", String(p));
    const s = q.toString();
    return s ? `/gestion/auditoria?${s}` : "/gestion/auditoria";
  };
  return (
    <section className="staff-auth">
      <h1>Auditoría</h1>
      <Form method="get" className="staff-auth__filter">
        <label htmlFor="audit-type">Tipo de registro</label>
        <select id="audit-type" name="tipo" defaultValue={entityType}>
          <option value="">Todos</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
        <button type="submit">Filtrar</button>
      </Form>
      <div className="table-scroll">
        <table className="staff-auth__table">
          <caption>
            Cambios del área de gestión, los más recientes primero ({total} {total === 1 ? "registro" : "registros"}
            {entityType ? `, tipo ${typeLabel(entityType)}` : ""})
          </caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Quién</th>
              <th scope="col">Acción</th>
              <th scope="col">Registro</th>
              <th scope="col">Cambios</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5}>No hay registros.</td>
              </tr>
            ) : (
              entries.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <time dateTime={e.createdAt}>{dateTime(e.createdAt)}</time>
                  </th>
                  <td>{e.actorEmail === "cli" ? "Línea de comandos" : e.actorEmail}</td>
                  <td>
                    <code>{e.action}</code>
                  </td>
                  <td>
                    {typeLabel(e.entityType)}
                    {e.entityId ? <span className="staff-auth__id"> {e.entityId}</span> : null}
                  </td>
                  <td>
                    {e.changes.length === 0 ? (
                      "—"
                    ) : (
                      <dl className="staff-auth__diff">
                        {e.changes.map((c) => (
                          <div key={c.field}>
                            <dt>{c.field}</dt>
                            <dd>
                              <del>
                                <span className="visually-hidden">antes: </span>
                                {c.before}
                              </del>
                              <span aria-hidden="true"> → </span>
                              <ins>
                                <span className="visually-hidden">después: </span>
                                {c.after}
                              </ins>
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageCount={pageCount} href={href} />
    </section>
  );
}

import { Form } from "react-router";
import { Pager } from "~/components/staff/pager.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.auditoria";
import { loadAuditLog } from "./gestion.auditoria.server.ts";

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

type AuditEntryView = Route.ComponentProps["loaderData"]["entries"][number];

/** One entry's fields: "before → after" where both were recorded, the one value otherwise. */
function Changes({ changes }: { changes: AuditEntryView["changes"] }) {
  if (changes.length === 0) return "—";
  // Where the entry mixes one-sided fields (an order's amounts before a refund, the refund after), say which side.
  const mixed = changes.some((c) => c.before === undefined) && changes.some((c) => c.after === undefined);
  return (
    <dl className="staff-auth__diff">
      {changes.map((c) => (
        <div key={c.field}>
          <dt>
            {c.label}
            {mixed && c.after === undefined ? " (antes)" : null}
          </dt>
          <dd>
            {c.before !== undefined && c.after !== undefined ? (
              <>
                <del>
                  <span className="visually-hidden">antes: </span>
                  {c.before}
                </del>
                <span aria-hidden="true"> → </span>
                <ins>
                  <span className="visually-hidden">después: </span>
                  {c.after}
                </ins>
              </>
            ) : (
              (c.after ?? c.before)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { types, entityType, page, pageCount, total, entries } = loaderData;
  const typeLabel = types.find((t) => t.value === entityType)?.label ?? entityType;
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
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <button type="submit">Filtrar</button>
      </Form>
      <div className="table-scroll">
        <table className="staff-auth__table">
          <caption>
            Cambios del área de gestión, los más recientes primero ({total} {total === 1 ? "registro" : "registros"}
            {entityType ? `, tipo ${typeLabel}` : ""})
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
                    <time dateTime={e.createdAt}>{e.when}</time>
                  </th>
                  <td>{e.actor}</td>
                  <td>{e.actionLabel}</td>
                  <td>
                    {e.entityLabel}
                    {e.entityIdText ? (
                      <span
                        className="staff-auth__id"
                        title={e.entityIdText === e.entityId ? undefined : (e.entityId ?? undefined)}
                      >
                        {" "}
                        {e.entityIdText}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <Changes changes={e.changes} />
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

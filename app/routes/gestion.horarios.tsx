import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { TimeOffForm } from "~/components/staff/bookings/time-off-form.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.horarios";
import { loadTimeOffPage, timeOffAction } from "./gestion.horarios.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Horarios · Gestión",
    description: "Días libres, horas bloqueadas y cierres del salón.",
    path: "/gestion/horarios",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadTimeOffPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return timeOffAction(request, context);
}

export default function StaffTimeOff({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, professionals, today, prefill, notice } = loaderData;
  const conflicts = actionData?.conflicts ?? [];
  const createErrors = actionData?.errors.form ? {} : (actionData?.errors ?? {});
  return (
    <section className="staff-cat">
      <h1>Horarios</h1>
      <p className="staff-hint">
        El horario semanal de cada profesional se cambia en <Link to="/gestion/profesionales">Profesionales</Link>. Aquí
        se anotan los días libres, las horas bloqueadas y los cierres de todo el salón: en esas horas no se pueden
        reservar citas.
      </p>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      {conflicts.length > 0 ? (
        <div className="staff-notice" role="alert">
          <p>
            <strong>Bloqueo guardado, pero ya había citas en esas horas.</strong> Siguen en la agenda: llama a estas
            clientas para cambiarlas o cancelarlas.
          </p>
          <ul>
            {conflicts.map((c) => (
              <li key={c.id}>
                {c.clientName} — {c.when} con {c.professionalName}
                {c.clientPhone ? ` · ${c.clientPhone}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FormAlert message={actionData?.errors.form} />

      <h2 id="bloqueos">Próximos bloqueos</h2>
      {rows.length === 0 ? (
        <p>No hay días libres ni cierres anotados.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-cat__table" aria-labelledby="bloqueos">
            <thead>
              <tr>
                <th scope="col">Quién</th>
                <th scope="col">Cuándo (hora de Madrid)</th>
                <th scope="col">Motivo</th>
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.wholeSalon ? <strong>{r.who}</strong> : r.who}</th>
                  <td>{r.when}</td>
                  <td>{r.reason || "—"}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        className="staff-cat__button staff-cat__button--secondary"
                        aria-label={`Borrar el bloqueo de ${r.who}: ${r.when}`}
                      >
                        Borrar
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="nuevo-bloqueo">Bloquear tiempo</h2>
      <TimeOffForm
        professionals={professionals}
        values={conflicts.length > 0 ? {} : (actionData?.values ?? prefill)}
        errors={createErrors}
        today={today}
      />
    </section>
  );
}

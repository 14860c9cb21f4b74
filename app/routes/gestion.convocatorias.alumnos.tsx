import { Form, Link, useActionData, useSearchParams } from "react-router";
import { AttendeesTable } from "~/components/staff/attendees-table.tsx";
import { editionStatusLabel } from "~/components/staff/format.ts";
import { editionDatesText } from "~/domain/edition-dates.ts";
import { SignInSheet } from "~/components/staff/sign-in-sheet.tsx";
import { WaitlistTable } from "~/components/staff/waitlist-table.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.convocatorias.alumnos";
import { editionAttendeesAction, loadEditionAttendees } from "./gestion.convocatorias.alumnos.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData
      ? `Alumnos · ${loaderData.edition.courseTitle} · Gestión`
      : "Convocatoria no encontrada · Gestión",
    description: "Alumnos inscritos en una convocatoria, hoja de firmas y exportación.",
    path: `/gestion/convocatorias/${encodeURIComponent(params.editionId)}/alumnos`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadEditionAttendees(params.editionId, context, request);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return editionAttendeesAction(request, context, params.editionId);
}

export default function EditionAttendees({ loaderData }: Route.ComponentProps) {
  const { edition, active, ended, waitlist, removing, notice } = loaderData;
  const answer = useActionData<typeof action>();
  const [search] = useSearchParams();
  const base = `/gestion/convocatorias/${edition.id}/alumnos`;
  if (search.get("imprimir") === "1") return <SignInSheet edition={edition} attendees={active} backHref={base} />;
  return (
    <section className="staff-section">
      <p className="staff-breadcrumb">
        <Link to="/gestion/convocatorias">← Convocatorias</Link>
      </p>
      <h1>Alumnos · {edition.courseTitle}</h1>
      <dl className="staff-facts staff-facts--inline">
        <dt>Fechas</dt>
        <dd>{editionDatesText(edition.startsOn, edition.endsOn)}</dd>
        <dt>Horario</dt>
        <dd>{edition.schedule || "Sin horario"}</dd>
        <dt>Plazas ocupadas / ofrecidas</dt>
        <dd>
          {edition.seatsTaken} / {edition.seats}
        </dd>
        <dt>Estado</dt>
        <dd>{editionStatusLabel(edition.status)}</dd>
      </dl>
      <p className="staff-toolbar no-print">
        <Link className="staff-button" to={`${base}?imprimir=1`}>
          Imprimir hoja de firmas
        </Link>
        <a className="staff-button staff-button--secondary" href={`${base}.csv`} download>
          Exportar CSV
        </a>
        <Link to={`/gestion/cursos/${edition.courseId}/convocatorias/${edition.id}`}>Editar convocatoria</Link>
      </p>

      {active.length ? (
        <AttendeesTable caption={`Alumnos inscritos (${active.length})`} attendees={active} />
      ) : (
        <p>Todavía no hay alumnos inscritos en esta convocatoria.</p>
      )}

      {ended.length ? (
        <section aria-labelledby="bajas">
          <h2 id="bajas">Inscripciones que ya no cuentan</h2>
          <AttendeesTable caption={`Bajas (${ended.length})`} attendees={ended} ended />
        </section>
      ) : null}

      <section aria-labelledby="lista-espera" className="no-print">
        <h2 id="lista-espera">Lista de espera</h2>
        <div role="status">{notice ? <p className="staff-cat__notice">{notice}</p> : null}</div>
        <div role="alert">{answer?.error ? <p className="form-alert form-alert--error">{answer.error}</p> : null}</div>
        {removing ? (
          <section aria-labelledby="quitar-titulo" className="staff-cat__notice">
            <h3 id="quitar-titulo">¿Quitar a {removing.email} de la lista de espera?</h3>
            <p>
              {removing.status === "offered"
                ? "Tiene una plaza ofrecida: la plaza pasará a la siguiente persona que haya confirmado su correo, y se le avisará por correo."
                : "Dejará de estar en la lista de espera de esta convocatoria. No le enviaremos ningún correo."}{" "}
              Quedará anotado en el registro de auditoría.
            </p>
            <Form method="post" className="staff-inline-form">
              <input type="hidden" name="entry" value={removing.id} />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" name="intent" value="waitlist-remove" className="staff-button">
                Sí, quitar<span className="visually-hidden">{` a ${removing.email}`}</span>
              </button>
              <Link to={`${base}#lista-espera`}>Cancelar</Link>
            </Form>
          </section>
        ) : null}
        {waitlist.length ? (
          <div className="table-scroll">
            <WaitlistTable entries={waitlist} base={base} />
          </div>
        ) : (
          <p>Nadie se ha apuntado a la lista de espera de esta convocatoria.</p>
        )}
      </section>
    </section>
  );
}

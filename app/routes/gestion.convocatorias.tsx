import { Form, Link } from "react-router";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { EditionsTable } from "~/components/staff/editions-table.tsx";
import { CourseFilter } from "~/components/staff/filter-fields.tsx";
import { FilterNotes } from "~/components/staff/pager.tsx";
import { WAITLIST_OFFER_HOURS } from "~/domain/waitlist-settings.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.convocatorias";
import { loadEditionList, saveWaitlistSettings } from "./gestion.convocatorias.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Convocatorias · Gestión",
    description: "Convocatorias de los cursos: fechas, plazas y alumnos.",
    path: "/gestion/convocatorias",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadEditionList(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveWaitlistSettings(request, context);
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hora" : "horas"}`;

export default function StaffEditions({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, courseId, notes, upcoming, past, offerHours, canEditOfferHours, offerHoursSaved } = loaderData;
  return (
    <section className="staff-section">
      <h1>Convocatorias</h1>
      <FilterNotes id="convocatorias-avisos" notes={notes} />
      <Form method="get" className="staff-filters" role="search" aria-label="Filtrar convocatorias">
        <CourseFilter id="f-curso" name="curso" courses={courses} selected={courseId} />
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button">
            Filtrar
          </button>
          {courseId ? <Link to="/gestion/convocatorias">Ver todos los cursos</Link> : null}
        </div>
      </Form>

      <h2>Próximas y en curso</h2>
      {upcoming.length ? (
        <EditionsTable
          caption="Convocatorias próximas y en curso, de la más cercana a la más lejana"
          editions={upcoming}
        />
      ) : (
        <p>No hay convocatorias próximas.</p>
      )}

      <h2>Pasadas</h2>
      {past.length ? (
        <EditionsTable caption="Convocatorias pasadas, de la más reciente a la más antigua" editions={past} />
      ) : (
        <p>No hay convocatorias pasadas.</p>
      )}

      <section aria-labelledby="lista-espera">
        <h2 id="lista-espera">Lista de espera</h2>
        <p>
          Cuando se libera una plaza de una convocatoria completa, se ofrece a la primera persona de su lista de espera
          que haya confirmado su correo, y se le guarda durante <strong>{hoursText(offerHours)}</strong>. Si no la
          reserva en ese plazo, pasa a la siguiente.
        </p>
        {offerHoursSaved && !actionData ? <FormAlert tone="success" message="Plazo guardado." /> : null}
        {canEditOfferHours ? (
          <Form method="post" className="staff-form" key={offerHours}>
            <Field
              name="offerHours"
              label="Horas para reservar una plaza ofrecida"
              defaultValue={actionData?.value ?? String(offerHours)}
              error={actionData?.errors.offerHours}
              hint={`Para todas las convocatorias; las ofertas ya enviadas mantienen su plazo. De ${WAITLIST_OFFER_HOURS.min} a ${WAITLIST_OFFER_HOURS.max}.`}
              inputMode="numeric"
              autoComplete="off"
            />
            <button type="submit" className="btn">
              Guardar plazo
            </button>
          </Form>
        ) : (
          <p className="field__hint">Solo la propietaria puede cambiar este plazo.</p>
        )}
      </section>
    </section>
  );
}

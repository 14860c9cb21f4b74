import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { Checkbox } from "~/components/forms/checkbox-fields.tsx";
import { formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.cursos.convocatoria-cancelar";
import { cancelEditionAction, loadCancelPage } from "./gestion.cursos.convocatoria.server.ts";

export const meta: Route.MetaFunction = ({ params, matches }) =>
  pageMeta({
    title: "Cancelar convocatoria · Gestión",
    description: "Confirmar la cancelación de una convocatoria.",
    path: `/gestion/cursos/${params.courseId}/convocatorias/${params.editionId}/cancelar`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadCancelPage(context, params.courseId, params.editionId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return cancelEditionAction(request, context, params.courseId, params.editionId);
}

/** The confirmation before cancelling: whom to contact, then the POST that cancels. */
export default function CancelEdition({ loaderData, actionData }: Route.ComponentProps) {
  const { course, edition, students } = loaderData;
  const back = `/gestion/cursos/${course.id}/convocatorias/${edition.id}`;
  const when = formatLongDate(edition.startsOn);
  if (edition.status === "cancelled") {
    return (
      <section className="staff-cat">
        <h1>
          Convocatoria del {when} · {course.title}
        </h1>
        <p>Esta convocatoria ya está cancelada.</p>
        <p>
          <Link to={back}>Volver a la convocatoria</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to={back}>← Volver sin cancelar</Link>
      </p>
      <h1>
        ¿Cancelar la convocatoria del {when} de {course.title}?
      </h1>
      {students.length > 0 ? (
        <>
          <p>
            Hay {students.length} {students.length === 1 ? "alumna inscrita" : "alumnas inscritas"}. Cancelar no avisa
            ni reembolsa a nadie: contacta con cada una para ofrecerle otra fecha o la devolución de su pago, que se
            hace desde su pedido en Pedidos («Reembolsar…», motivo «Convocatoria cancelada»).
          </p>
          <div className="table-scroll">
            <table className="staff-cat__table">
              <caption>Alumnas a las que hay que avisar</caption>
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Correo electrónico</th>
                  <th scope="col">Teléfono</th>
                </tr>
              </thead>
              <tbody>
                {students.map((s) => (
                  <tr key={s.email}>
                    <th scope="row">{s.name}</th>
                    <td>
                      <a href={`mailto:${s.email}`}>{s.email}</a>
                    </td>
                    <td>{s.phone ? <a href={`tel:${s.phone.replace(/\s+/g, "")}`}>{s.phone}</a> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p>No hay alumnas inscritas en esta convocatoria.</p>
      )}
      <Form method="post" className="staff-cat__form">
        <FormAlert message={actionData?.error} />
        {students.length > 0 ? (
          <Checkbox name="confirm" value="yes" required label="Avisaré a estas alumnas de la cancelación" />
        ) : (
          <input type="hidden" name="confirm" value="yes" />
        )}
        <button type="submit" className="staff-cat__button staff-cat__button--danger">
          Cancelar la convocatoria
        </button>
      </Form>
    </section>
  );
}

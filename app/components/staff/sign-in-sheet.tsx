import { Link } from "react-router";
import { site } from "~/content/site.ts";
import type { AttendeeView } from "./attendees-table.tsx";
import { editionDatesText } from "~/domain/edition-dates.ts";
import { personName } from "./format.ts";

/**
 * The printable sign-in sheet of an edition: the salon, the course, its dates and
 * schedule, and one row per active student with an empty "Firma" cell. The print
 * stylesheet (staff.css) hides the staff bar, the navigation and the buttons.
 */
export function SignInSheet({
  edition,
  attendees,
  backHref,
}: {
  edition: { courseTitle: string; startsOn: string; endsOn: string | null; schedule: string };
  attendees: AttendeeView[];
  backHref: string;
}) {
  return (
    <section className="signin-sheet">
      <div className="no-print staff-toolbar">
        <Link to={backHref}>← Volver a la lista de alumnos</Link>
        <button type="button" className="staff-button" onClick={() => window.print()}>
          Imprimir
        </button>
        <span className="staff-hint">Si el botón no responde, usa Imprimir de tu navegador (Ctrl+P o Cmd+P).</span>
      </div>
      <p className="signin-sheet__salon">{site.name}</p>
      <h1>Hoja de firmas · {edition.courseTitle}</h1>
      <p>
        <strong>Fechas:</strong> {editionDatesText(edition.startsOn, edition.endsOn)}
        <br />
        <strong>Horario:</strong> {edition.schedule || "Sin horario"}
      </p>
      <table className="staff-table signin-table">
        <caption>Alumnos inscritos ({attendees.length})</caption>
        <thead>
          <tr>
            <th scope="col" className="staff-table__num">
              N.º
            </th>
            <th scope="col">Nombre y apellidos</th>
            <th scope="col">Teléfono</th>
            <th scope="col" className="signin-table__sign">
              Firma
            </th>
          </tr>
        </thead>
        <tbody>
          {attendees.map((a, i) => (
            <tr key={a.enrollmentId}>
              <td className="staff-table__num">{i + 1}</td>
              <th scope="row">{personName(a) || a.email}</th>
              <td>{a.phone}</td>
              <td className="signin-table__sign" />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

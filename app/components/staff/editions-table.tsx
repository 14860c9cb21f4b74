import { Link } from "react-router";
import type { StaffEditionView } from "./edition-types.ts";
import { editionDatesText } from "~/domain/edition-dates.ts";
import { editionStatusLabel } from "./format.ts";

/** Editions with their seats and links to the students and to the edition's edit page. */
export function EditionsTable({ caption, editions }: { caption: string; editions: StaffEditionView[] }) {
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Curso</th>
            <th scope="col">Fechas</th>
            <th scope="col">Horario</th>
            <th scope="col" className="staff-table__num">
              Plazas ocupadas / ofrecidas
            </th>
            <th scope="col">Estado</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {editions.map((e) => (
            <tr key={e.id}>
              <th scope="row">{e.courseTitle}</th>
              <td>{editionDatesText(e.startsOn, e.endsOn)}</td>
              <td>{e.schedule || "Sin horario"}</td>
              <td className="staff-table__num">
                {e.seatsTaken} / {e.seats}
              </td>
              <td>{editionStatusLabel(e.status)}</td>
              <td>
                <span className="staff-table__actions">
                  <Link to={`/gestion/convocatorias/${e.id}/alumnos`}>
                    Alumnos ({e.activeStudents})
                    <span className="visually-hidden">
                      : {e.courseTitle}, {e.startsOn}
                    </span>
                  </Link>
                  <Link to={`/gestion/cursos/${e.courseId}/convocatorias/${e.id}`}>
                    Editar
                    <span className="visually-hidden">
                      {" "}
                      la convocatoria de {e.courseTitle}, {e.startsOn}
                    </span>
                  </Link>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from "react-router";
import type { EnrollmentView } from "~/orders/queries.server.ts";
import { formatLongDate } from "~/domain/pricing.ts";

/** "Mis Cursos" tab: the buyer's enrollments, from the database. */
export function ProfileCourses({ enrollments }: { enrollments: EnrollmentView[] }) {
  if (enrollments.length === 0) {
    return (
      <div className="profile-empty">
        <p>Todavía no estás inscrita en ningún curso.</p>
        <Link className="btn" to="/formaciones">
          Ver formaciones
        </Link>
      </div>
    );
  }
  return (
    <ul className="profile-list">
      {enrollments.map((e) => (
        <li key={e.id} className="profile-item card">
          <h3>{e.title}</h3>
          <p className="muted">
            Inscripción: {formatLongDate(e.enrolledAt)} · Acceso hasta el {formatLongDate(e.accessUntil)}
          </p>
          <div className="progress">
            <span className="progress__label">{e.completed ? "Completado" : `Progreso: ${e.progress} %`}</span>
            <progress max={100} value={e.completed ? 100 : e.progress} aria-label={`Progreso de ${e.title}`} />
          </div>
          <p>
            <Link className="btn btn--outline" to="/mis-cursos">
              {e.completed ? "Ver mis cursos" : "Continuar Curso"}
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

import { Link } from "react-router";
import type { MyCourse } from "~/orders/queries.server.ts";
import { enrollmentStage, enrollmentStageText } from "~/domain/enrollment-stage.ts";
import { formatLongDate } from "~/domain/pricing.ts";

/** "Mis cursos" tab: the buyer's enrolments and where each course stands (in-person: no progress bar). */
export function ProfileCourses({ enrollments, today }: { enrollments: MyCourse[]; today: string }) {
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
        <li key={e.enrollmentId} className="profile-item card">
          <h3>{e.title}</h3>
          <p className="muted">
            Inscripción: {formatLongDate(e.enrolledAt)} · Acceso hasta el {formatLongDate(e.accessUntil)}
          </p>
          <p>
            <strong>
              {enrollmentStageText(enrollmentStage(e.editionStartsOn, e.editionEndsOn, today), e.editionStartsOn)}
            </strong>
          </p>
          <p>
            <Link className="btn btn--outline" to="/mis-cursos">
              Ver fechas y detalles<span className="visually-hidden">: {e.title}</span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

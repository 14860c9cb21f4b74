import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MyCourse } from "~/orders/queries.server.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { enrollmentStageIn } from "./enrollment-text.ts";

const hidden = (c: ReactNode) => <span className="visually-hidden">{c}</span>;

/** "Mis cursos" tab: the buyer's enrolments and where each course stands (in-person: no progress bar). */
export function ProfileCourses({ enrollments, today }: { enrollments: MyCourse[]; today: string }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  if (enrollments.length === 0) {
    return (
      <div className="profile-empty">
        <p>{t("account.courses.empty")}</p>
        <Link className="btn" to={href("/formaciones")}>
          {t("account.courses.browse")}
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
            {t("account.courses.enrolled", {
              enrolled: formatLongDate(e.enrolledAt, locale),
              until: formatLongDate(e.accessUntil, locale),
            })}
          </p>
          <p>
            <strong>{enrollmentStageIn(t, e.editionStartsOn, e.editionEndsOn, today)}</strong>
          </p>
          <p>
            <Link className="btn btn--outline" to={href("/mis-cursos")}>
              <Rich t={t} k="account.courses.details" values={{ title: e.title }} tags={{ hidden }} />
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

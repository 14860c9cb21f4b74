import type { ReactNode } from "react";
import { Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { accountMeta } from "~/components/account/account-meta.ts";
import { enrollmentStageIn } from "~/components/account/enrollment-text.ts";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { editionDatesIn } from "~/components/orders/order-text.ts";
import { Picture } from "~/components/picture.tsx";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { hasAccess } from "~/domain/access-window.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { listMyCourses } from "~/orders/queries.server.ts";
import type { Route } from "./+types/mis-cursos";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.myCourses.title",
    description: "account.meta.myCourses.description",
    path: "/mis-cursos",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const courses = await listMyCourses(getServices(context).db, getUser(context).id, { locale });
  return {
    courses,
    now: new Date().toISOString(),
    today: todayInMadrid(),
    messages: messagesFor(locale, ["account.myCourses", "account.courses", "account.meta"]),
  };
}

const hidden = (c: ReactNode) => <span className="visually-hidden">{c}</span>;

export default function MisCursos({ loaderData }: Route.ComponentProps) {
  const { courses, now, today } = loaderData;
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  return (
    <section className="container section my-courses">
      <h1>{t("account.myCourses.title")}</h1>
      {courses.length === 0 ? (
        <div className="my-courses__empty">
          <p>{t("account.myCourses.empty")}</p>
          <Link className="btn" to={href("/formaciones")}>
            {t("account.courses.browse")}
          </Link>
        </div>
      ) : (
        <ul className="my-courses__list">
          {courses.map((c) => {
            const active = hasAccess(c.accessUntil, new Date(now));
            const accessDate = formatLongDate(c.accessUntil, locale);
            return (
              <li key={c.enrollmentId} className="card my-course">
                <Picture name={courseImageName(c.image ?? "")} alt="" sizes="160px" className="my-course__img" />
                <div className="my-course__body">
                  <h2 className="my-course__title">{c.title}</h2>
                  <dl className="my-course__facts">
                    <div>
                      <dt>{t("account.myCourses.edition")}</dt>
                      <dd>{editionDatesIn(t, c.editionStartsOn, c.editionEndsOn)}</dd>
                    </div>
                    {c.duration ? (
                      <div>
                        <dt>{t("account.myCourses.duration")}</dt>
                        <dd>{c.duration}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>{t("account.myCourses.access")}</dt>
                      <dd>
                        {active
                          ? t("account.myCourses.accessUntil", { date: accessDate })
                          : t("account.myCourses.accessEnded", { date: accessDate })}
                      </dd>
                    </div>
                    <div>
                      <dt>{t("account.myCourses.status")}</dt>
                      <dd>{enrollmentStageIn(t, c.editionStartsOn, c.editionEndsOn, today)}</dd>
                    </div>
                    <div>
                      <dt>{t("account.myCourses.place")}</dt>
                      <dd>{site.address.full}</dd>
                    </div>
                  </dl>
                  {c.editionStartsOn ? (
                    <p>
                      {/* One address in both languages: the calendar file is written in the order's language. */}
                      <a
                        className="btn btn--outline"
                        href={`/api/pedidos/${c.orderId}/calendario.ics?curso=${encodeURIComponent(c.courseId)}`}
                        download
                      >
                        <Rich t={t} k="account.myCourses.calendar" values={{ title: c.title }} tags={{ hidden }} />
                      </a>
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { Link } from "react-router";
import { DiaryGridView } from "~/components/staff/diary/diary-grid.tsx";
import { DiaryToolbar, DiaryWeekList } from "~/components/staff/diary/diary-toolbar.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.agenda";
import { loadDiary } from "./gestion.agenda.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Agenda · Gestión",
    description: "La agenda del salón: citas por día o por semana, por profesional o de todo el salón.",
    path: "/gestion/agenda",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDiary(request, context);
}

export default function StaffDiary({ loaderData }: Route.ComponentProps) {
  const { query, today, prev, next, title, professionals, grid, list } = loaderData;
  const chosen = professionals.find((p) => p.id === query.professional);
  const blockHref = `/gestion/horarios?${new URLSearchParams({
    ...(chosen ? { profesional: chosen.id } : {}),
    dia: query.date,
  }).toString()}#nuevo-bloqueo`;
  const newHref = `/gestion/agenda/nueva?${new URLSearchParams({
    dia: query.date,
    ...(chosen ? { profesional: chosen.id } : {}),
  }).toString()}`;
  return (
    <section className="staff-section diary-page">
      <div className="staff-heading">
        <h1>
          Agenda <span className="diary-page__title">· {title}</span>
          {chosen ? <span className="diary-page__title"> · {chosen.name}</span> : null}
        </h1>
        <p className="diary-page__actions">
          <Link className="staff-button" to={newHref}>
            Nueva cita
          </Link>
          <Link className="staff-button staff-button--secondary" to={blockHref}>
            Bloquear tiempo
          </Link>
        </p>
      </div>
      {query.notes.length > 0 ? (
        <ul className="staff-notes" role="status">
          {query.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <DiaryToolbar
        date={query.date}
        today={today}
        prev={prev}
        next={next}
        view={query.view}
        professional={query.professional}
        professionals={professionals}
      />
      {list ? (
        <DiaryWeekList days={list} />
      ) : grid ? (
        <DiaryGridView grid={grid} label={`Agenda: ${title}${chosen ? `, ${chosen.name}` : ""}`} />
      ) : (
        <p className="staff-hint">
          {professionals.length === 0
            ? "No hay profesionales activas. Añádelas en Gestión antes de usar la agenda."
            : "El salón cierra este día y no hay citas."}
        </p>
      )}
    </section>
  );
}

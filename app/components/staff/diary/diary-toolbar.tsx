import { Form, Link } from "react-router";
import type { DiaryListDay } from "~/bookings/diary-grid.server.ts";
import { FilterInput, FilterSelect, ProfessionalFilter } from "../filter-fields.tsx";
import { appointmentStatusLabel, diaryHref } from "./labels.ts";

interface ToolbarProps {
  date: string;
  today: string;
  prev: string;
  next: string;
  view: "dia" | "semana";
  professional: string;
  professionals: { id: string; name: string }[];
}

/** Previous / today / next, and a GET form to choose the day, the view and the professional. */
export function DiaryToolbar({ date, today, prev, next, view, professional, professionals }: ToolbarProps) {
  const unit = view === "semana" ? "semana" : "día";
  return (
    <div className="diary-toolbar">
      <nav aria-label="Cambiar de fecha" className="diary-toolbar__nav">
        <Link className="staff-button staff-button--secondary" to={diaryHref(prev, view, professional)}>
          ← {unit === "día" ? "Día anterior" : "Semana anterior"}
        </Link>
        <Link
          className="staff-button staff-button--secondary"
          to={diaryHref(today, view, professional)}
          aria-current={date === today ? "date" : undefined}
        >
          Hoy
        </Link>
        <Link className="staff-button staff-button--secondary" to={diaryHref(next, view, professional)}>
          {unit === "día" ? "Día siguiente" : "Semana siguiente"} →
        </Link>
      </nav>
      <Form method="get" className="staff-filters diary-toolbar__form" aria-label="Elegir día y vista">
        <FilterInput id="agenda-dia" label="Día" name="dia" type="date" defaultValue={date} required />
        <FilterSelect
          id="agenda-vista"
          label="Vista"
          name="vista"
          defaultValue={view}
          options={[
            { value: "dia", label: "Día" },
            { value: "semana", label: "Semana" },
          ]}
        />
        <ProfessionalFilter
          id="agenda-profesional"
          professionals={professionals}
          selected={professional}
          anyone={{ value: "todas", label: "Todo el salón" }}
        />
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button">
            Ver
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The salon's week, compact: each day's appointments as links, and its blocked time. */
export function DiaryWeekList({ days }: { days: DiaryListDay[] }) {
  return (
    <div className="diary-week">
      {days.map((d) => (
        <section key={d.date} className="diary-week__day" aria-labelledby={`dia-${d.date}`}>
          <h2 id={`dia-${d.date}`}>
            <Link to={diaryHref(d.date)}>{d.heading}</Link>
          </h2>
          {d.blocks.length > 0 ? (
            <ul className="diary-week__blocks">
              {d.blocks.map((b) => (
                <li key={b.id}>{b.text}</li>
              ))}
            </ul>
          ) : null}
          {d.appointments.length === 0 ? (
            <p className="staff-hint">{d.closed ? "El salón cierra este día." : "Sin citas."}</p>
          ) : (
            <ol className="diary-week__list">
              {d.appointments.map((a) => (
                <li key={a.id} className={`diary-block--${a.status}`}>
                  {/* A week has hundreds of links to one route: it is found when one is followed. */}
                  <Link to={`/gestion/agenda/${a.id}`} discover="none">
                    {/* <i>: a comma only screen readers read (staff-diary.css), short for hundreds of items. */}
                    <span className="diary-block__time">{a.time}</span> <strong>{a.clientName}</strong>
                    <i>,</i>
                    {` ${a.services}`}
                    <i>,</i> <span className="diary-week__pro">{`con ${a.professionalName}`}</span>
                    <i>,</i> <span className="diary-block__status">{appointmentStatusLabel(a.status)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

import type { CSSProperties } from "react";
import { Link } from "react-router";
import type { DiaryBlock, DiaryColumn, DiaryGrid } from "~/bookings/diary-grid.server.ts";

type CssVars = CSSProperties & Record<`--${string}`, string | number>;

/** Where a block sits: its rows, and its lane when it overlaps another. */
function blockStyle(block: DiaryBlock, columnLanes: number): CssVars {
  const width = block.lanes === 1 ? columnLanes : 1;
  const lane = block.lanes === 1 ? 0 : block.lane;
  return { gridRow: `${block.row} / span ${block.span}`, gridColumn: `${lane + 1} / span ${width}` };
}

function AppointmentBlock({ block, columnLanes }: { block: DiaryBlock; columnLanes: number }) {
  const services = block.services.join(", ");
  return (
    <li
      className={`diary-block diary-block--${block.status}${block.outOfHours ? " diary-block--out" : ""}`}
      style={blockStyle(block, columnLanes)}
    >
      {/* Dozens of links to one route: it is found when one is followed, not when they render. */}
      <Link to={`/gestion/agenda/${block.id}`} className="diary-block__link" discover="none">
        <span className="diary-block__time">{block.time}</span>{" "}
        <strong className="diary-block__client">{block.clientName}</strong>
        <span className="visually-hidden">, </span> <span className="diary-block__services">{services}</span>
        <span className="visually-hidden">, con {block.professionalName}, </span>{" "}
        <span className="diary-block__status">{block.statusLabel}</span>
        {block.outOfHours ? <span className="diary-block__flag"> · fuera de su horario</span> : null}
      </Link>
    </li>
  );
}

function OffBlock({ block, columnLanes }: { block: DiaryBlock; columnLanes: number }) {
  return (
    <li className="diary-block diary-block--off" style={blockStyle(block, columnLanes)}>
      <span className="diary-block__time">{block.time}</span> <span>{block.reason}</span>
    </li>
  );
}

function Column({ column, rowCount }: { column: DiaryColumn; rowCount: number }) {
  const headingId = `diary-col-${column.key}`;
  const appointments = column.blocks.filter((b) => b.kind === "appointment").length;
  const rows: CssVars = { "--rows": rowCount, "--lanes": column.lanes };
  return (
    <section className="diary-col" aria-labelledby={headingId}>
      <h2 id={headingId} className="diary-col__head">
        {column.heading}{" "}
        <span className="diary-col__count">
          {appointments === 0 ? "Sin citas" : `${appointments} ${appointments === 1 ? "cita" : "citas"}`}
        </span>
      </h2>
      <div className="diary-col__body" style={rows}>
        <div className="diary-col__bands" aria-hidden="true">
          {column.bands.map((b) => (
            <span
              key={b.row}
              className={b.working ? "diary-band diary-band--work" : "diary-band diary-band--free"}
              style={{ gridRow: `${b.row} / span ${b.span}` }}
            />
          ))}
        </div>
        {column.blocks.length > 0 ? (
          <ol className="diary-col__items">
            {column.blocks.map((b) =>
              b.kind === "appointment" ? (
                <AppointmentBlock key={b.id} block={b} columnLanes={column.lanes} />
              ) : (
                <OffBlock key={`off-${b.id}`} block={b} columnLanes={column.lanes} />
              ),
            )}
          </ol>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The day grid: a time axis and one column per professional (or per day of a
 * professional's week). Plain CSS grid, no client script; on a phone the
 * columns become lists (staff-diary.css). Every appointment is a link whose
 * name says time, client, services, professional and status.
 */
export function DiaryGridView({ grid, label }: { grid: DiaryGrid; label: string }) {
  const template: CssVars = { "--columns": grid.columns.length, "--rows": grid.rows.length };
  return (
    <div className="diary" role="region" aria-label={label}>
      <div className="diary__grid" style={template}>
        <div className="diary__times" aria-hidden="true" style={{ "--rows": grid.rows.length } as CssVars}>
          {grid.rows.map((t, i) =>
            t.endsWith(":00") || t.endsWith(":30") ? (
              <span key={t} style={{ gridRow: `${i + 2}` }}>
                {t}
              </span>
            ) : null,
          )}
        </div>
        {grid.columns.map((c) => (
          <Column key={c.key} column={c} rowCount={grid.rows.length} />
        ))}
      </div>
      <p className="diary__legend">
        <span className="diary-legend diary-legend--work" aria-hidden="true" /> Horario de trabajo{" "}
        <span className="diary-legend diary-legend--free" aria-hidden="true" /> Fuera de su horario{" "}
        <span className="diary-legend diary-legend--off" aria-hidden="true" /> Bloqueado
      </p>
    </div>
  );
}

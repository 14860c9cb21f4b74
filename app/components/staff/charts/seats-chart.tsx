import { CHART_COLOURS } from "./chart-figure.tsx";

interface SeatsRow {
  key: string;
  /** Above the bar ("Curso · 12 feb 2027"). */
  label: string;
  seats: number;
  taken: number;
}

const W = 320;
const MAX_LABEL = 48;

/** Long titles are cut in the drawing; the data table has them whole. */
const fit = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1).trimEnd()}…` : text);
const ROW = 46;
const VALUE_SPACE = 64;

/**
 * A bullet bar per edition: the outlined track is the seats offered, the filled
 * bar the seats taken (past the track, in another colour, when over capacity).
 * One scale for every row, so sizes compare. `label` is the accessible summary.
 */
export function SeatsChart({ label, rows }: { label: string; rows: SeatsRow[] }) {
  const max = Math.max(1, ...rows.map((r) => Math.max(r.seats, r.taken)));
  const unit = (W - VALUE_SPACE) / max;
  return (
    <svg
      className="chart__svg"
      viewBox={`0 0 ${W} ${rows.length * ROW + 4}`}
      role="img"
      aria-label={label}
      fontSize="12"
    >
      {rows.map((r, i) => {
        const top = i * ROW;
        const within = Math.min(r.taken, r.seats);
        const over = Math.max(0, r.taken - r.seats);
        const end = Math.max(r.seats, r.taken) * unit;
        return (
          <g key={r.key}>
            <text x={0} y={top + 14} fill={CHART_COLOURS.text}>
              {fit(r.label)}
            </text>
            <rect
              x={0.5}
              y={top + 20.5}
              width={Math.max(0, r.seats * unit - 1)}
              height={17}
              fill="#FFFFFF"
              stroke={CHART_COLOURS.muted}
            />
            <rect x={0} y={top + 24} width={within * unit} height={10} fill={CHART_COLOURS.bar} />
            {over > 0 ? (
              <rect x={r.seats * unit} y={top + 24} width={over * unit} height={10} fill={CHART_COLOURS.over} />
            ) : null}
            <text x={end + 6} y={top + 33} fill={over > 0 ? CHART_COLOURS.over : CHART_COLOURS.text}>
              {`${r.taken} de ${r.seats}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

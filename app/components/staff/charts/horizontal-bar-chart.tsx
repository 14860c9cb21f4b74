import { CHART_COLOURS } from "./chart-figure.tsx";

interface RowBar {
  key: string;
  /** Above the bar (the method's name). */
  label: string;
  value: number;
  /** After the bar ("12 pedidos"). */
  valueText: string;
}

const W = 320;
const ROW = 44;
const VALUE_SPACE = 80;

/** One labelled horizontal bar per row, scaled to the largest value. `label` is the accessible summary. */
export function HorizontalBarChart({ label, bars }: { label: string; bars: RowBar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plotW = W - VALUE_SPACE;
  return (
    <svg
      className="chart__svg"
      viewBox={`0 0 ${W} ${bars.length * ROW + 4}`}
      role="img"
      aria-label={label}
      fontSize="12"
    >
      {bars.map((b, i) => {
        const top = i * ROW;
        const width = (Math.max(0, b.value) / max) * plotW;
        return (
          <g key={b.key}>
            <text x={0} y={top + 14} fill={CHART_COLOURS.text}>
              {b.label}
            </text>
            <rect x={0} y={top + 20} width={width} height={16} fill={CHART_COLOURS.bar}>
              <title>{`${b.label}: ${b.valueText}`}</title>
            </rect>
            <line x1={0} x2={0} y1={top + 18} y2={top + 38} stroke={CHART_COLOURS.text} />
            <text x={width + 6} y={top + 32} fill={CHART_COLOURS.text}>
              {b.valueText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

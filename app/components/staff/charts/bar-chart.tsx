import { fitAxisLabels } from "~/domain/chart-labels.ts";
import type { Axis } from "~/domain/dashboard.ts";
import { CHART_COLOURS } from "./chart-figure.tsx";

interface ColumnBar {
  key: string;
  /** Under the bar ("feb"). */
  label: string;
  /** A second line under the label (the year), when useful. Labels that would run into the next are not drawn. */
  sublabel?: string;
  value: number;
  /** Tooltip: the exact figure ("febrero de 2027: 1279,00 €"). */
  title: string;
}

const W = 360;
const H = 220;
const PAD = { left: 58, right: 8, top: 12, bottom: 38 };
const LABEL_SIZE = 11;
const SUBLABEL_SIZE = 10;

/** Vertical bars over a horizontal axis with gridlines (months). `label` is the accessible summary. */
export function BarChart({
  label,
  bars,
  axis,
  formatTick,
}: {
  label: string;
  bars: ColumnBar[];
  axis: Axis;
  formatTick: (value: number) => string;
}) {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const baseline = PAD.top + plotH;
  const y = (v: number) => baseline - (Math.max(0, Math.min(v, axis.max)) / axis.max) * plotH;
  const slot = plotW / Math.max(1, bars.length);
  const barW = slot * 0.66;
  const labels = fitAxisLabels(
    bars.map((b) => b.label),
    { slot, fontSize: LABEL_SIZE },
  );
  const sublabels = fitAxisLabels(
    bars.map((b) => b.sublabel),
    { slot, fontSize: SUBLABEL_SIZE },
  );
  return (
    <svg className="chart__svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} fontSize={LABEL_SIZE}>
      {axis.ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke={CHART_COLOURS.grid} />
          <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fill={CHART_COLOURS.muted}>
            {formatTick(t)}
          </text>
        </g>
      ))}
      {bars.map((b, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const top = y(b.value);
        return (
          <g key={b.key}>
            <rect x={x} y={top} width={barW} height={baseline - top} fill={CHART_COLOURS.bar}>
              <title>{b.title}</title>
            </rect>
            {labels[i] ? (
              <text x={x + barW / 2} y={baseline + 15} textAnchor="middle" fill={CHART_COLOURS.text}>
                {labels[i]}
              </text>
            ) : null}
            {sublabels[i] ? (
              <text
                x={x + barW / 2}
                y={baseline + 30}
                textAnchor="middle"
                fill={CHART_COLOURS.muted}
                fontSize={SUBLABEL_SIZE}
              >
                {sublabels[i]}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={PAD.left} x2={W - PAD.right} y1={baseline} y2={baseline} stroke={CHART_COLOURS.text} />
    </svg>
  );
}

import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "./data-table.tsx";

/**
 * Colours of the charts, on a white card. Text and the marks that carry data
 * have at least 4.5:1 against white (plum 12.3:1, ink 16:1, muted 6.4:1,
 * over capacity 6.1:1); the grid lines are decoration only.
 */
export const CHART_COLOURS = {
  bar: "#5B1F3E",
  text: "#2A1E24",
  muted: "#6B5A62",
  grid: "#E6DFE3",
  over: "#9A4D00",
} as const;

/**
 * A chart with its caption and, right after it, its data as a table under
 * "Ver datos" (a native <details>: works without JavaScript). The chart itself
 * is a `role="img"` SVG whose accessible name summarises it.
 */
export function ChartFigure({
  id,
  caption,
  note,
  children,
  table,
}: {
  id: string;
  caption: string;
  /** One line under the caption: what is counted, over which period. */
  note?: string;
  children: ReactNode;
  table: DataTableProps;
}) {
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart__caption">
        {caption}
        {note ? <span className="chart__note">{note}</span> : null}
      </figcaption>
      {children}
      <details className="chart__data">
        <summary>Ver datos</summary>
        <DataTable {...table} />
      </details>
    </figure>
  );
}

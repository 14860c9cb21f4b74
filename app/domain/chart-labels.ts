/**
 * Which axis labels a chart can draw without one running into the next
 * ("2025" and "2026" side by side read "20252026"). Pure: the chart passes
 * the labels it would like, centred on evenly spaced slots, and draws only
 * those kept. The SVG scales as a whole (viewBox), so what fits in its units
 * fits at every screen width.
 */

/** Inter's digits and lower-case letters average under 0.6 em: a safe estimate of a label's width. */
const EM_PER_CHARACTER = 0.6;

/** The estimated width of a label at `fontSize`, in the chart's units. */
export function labelWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * EM_PER_CHARACTER;
}

/**
 * The labels that fit: label i is centred at i × `slot`; from the last one
 * leftwards, a label is kept only when at least `gap` units clear it from the
 * nearest label kept to its right (the newest ones win: the current month, the
 * latest year). Missing labels stay missing; the result has the input's length.
 */
export function fitAxisLabels(
  labels: readonly (string | undefined)[],
  { slot, fontSize, gap = 4 }: { slot: number; fontSize: number; gap?: number },
): (string | undefined)[] {
  const kept: (string | undefined)[] = labels.map(() => undefined);
  let leftEdge = Number.POSITIVE_INFINITY;
  for (let i = labels.length - 1; i >= 0; i--) {
    const text = labels[i];
    if (!text) continue;
    const centre = i * slot;
    const half = labelWidth(text, fontSize) / 2;
    if (centre + half + gap > leftEdge) continue;
    kept[i] = text;
    leftEdge = centre - half;
  }
  return kept;
}

/** The year under a month's bar: on the first bar and on every January ("2027"), else none. */
export function yearMarks(months: readonly string[]): (string | undefined)[] {
  return months.map((m, i) => (i === 0 || m.endsWith("-01") ? m.slice(0, 4) : undefined));
}

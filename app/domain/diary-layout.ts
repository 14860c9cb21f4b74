/**
 * Where things go in the staff's day grid (Gestión → Agenda): one row per
 * quarter hour from the salon's opening to its closing, each appointment or
 * blocked time spanning the rows it covers, side by side when two overlap,
 * and the rows a professional works told apart from the rest. Pure: minutes
 * are Madrid wall-clock minutes after midnight of the day shown.
 */

/** One row of the grid per this many minutes. */
const DIARY_ROW_MINUTES = 15;

export interface MinuteRange {
  /** Madrid minutes after midnight, inclusive. */
  start: number;
  /** Exclusive. */
  end: number;
}

export interface DiaryItem extends MinuteRange {
  id: string;
}

interface PlacedItem {
  id: string;
  /** 1-based first row of the grid's body. */
  row: number;
  /** Rows it covers, at least 1. */
  span: number;
  /** 0-based lane among the items it overlaps. */
  lane: number;
  /** Lanes of its group of overlapping items (1 when it overlaps nothing). */
  lanes: number;
  /** Part of it lies outside the professional's working hours that day. */
  outOfHours: boolean;
  /** It starts before the grid's first row or ends after its last. */
  clipped: boolean;
}

const floorTo = (m: number) => Math.floor(m / DIARY_ROW_MINUTES) * DIARY_ROW_MINUTES;
const ceilTo = (m: number) => Math.ceil(m / DIARY_ROW_MINUTES) * DIARY_ROW_MINUTES;

/**
 * The minutes the grid shows: the salon's opening (null when closed), widened
 * to whole quarter hours to take in any appointment booked outside it, so
 * none is hidden. Null when the salon is closed and there is nothing to show.
 */
export function gridRange(opening: MinuteRange | null, appointments: readonly MinuteRange[]): MinuteRange | null {
  let start = opening ? opening.start : Infinity;
  let end = opening ? opening.end : -Infinity;
  for (const a of appointments) {
    start = Math.min(start, a.start);
    end = Math.max(end, a.end);
  }
  if (!(start < end)) return null;
  return { start: Math.max(0, floorTo(start)), end: Math.min(24 * 60, ceilTo(end)) };
}

/** The start minute of each row of the grid. */
export function gridRows(range: MinuteRange): number[] {
  const out: number[] = [];
  for (let m = range.start; m < range.end; m += DIARY_ROW_MINUTES) out.push(m);
  return out;
}

/** Whether [start, end) lies wholly inside the union of `working`. */
function inside(item: MinuteRange, working: readonly MinuteRange[]): boolean {
  const sorted = [...working].sort((a, b) => a.start - b.start);
  let reached = item.start;
  for (const w of sorted) {
    if (w.start > reached) break;
    reached = Math.max(reached, w.end);
    if (reached >= item.end) return true;
  }
  return reached >= item.end;
}

/**
 * Places items in the grid. Items wholly outside the range are left out;
 * those that overlap share the width in lanes (a group is every item joined
 * to another by an overlap). The result keeps the items' start order.
 */
export function placeItems(
  range: MinuteRange,
  items: readonly DiaryItem[],
  working: readonly MinuteRange[],
): PlacedItem[] {
  const visible = items
    .filter((i) => i.end > range.start && i.start < range.end && i.end > i.start)
    .sort((a, b) => a.start - b.start || b.end - a.end || a.id.localeCompare(b.id));
  const placed: PlacedItem[] = [];
  let group: PlacedItem[] = [];
  let groupEnd = -Infinity;
  const laneEnds: number[] = [];
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((p) => p.lane + 1));
    for (const p of group) p.lanes = lanes;
    group = [];
    laneEnds.length = 0;
  };
  for (const item of visible) {
    if (item.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = item.end;
    groupEnd = group.length === 0 ? item.end : Math.max(groupEnd, item.end);
    const start = Math.max(item.start, range.start);
    const end = Math.min(item.end, range.end);
    const row = Math.floor((start - range.start) / DIARY_ROW_MINUTES) + 1;
    const lastRow = Math.ceil((end - range.start) / DIARY_ROW_MINUTES);
    const p: PlacedItem = {
      id: item.id,
      row,
      span: Math.max(1, lastRow - row + 1),
      lane,
      lanes: 1,
      outOfHours: !inside(item, working),
      clipped: item.start < range.start || item.end > range.end,
    };
    group.push(p);
    placed.push(p);
  }
  closeGroup();
  return placed;
}

/** For each row of the grid, whether the professional works all of it. */
export function workingRows(range: MinuteRange, working: readonly MinuteRange[]): boolean[] {
  return gridRows(range).map((m) => inside({ start: m, end: m + DIARY_ROW_MINUTES }, working));
}

/** Runs of equal values in `flags`: [first row (1-based), span, value]. */
export function rowBands(flags: readonly boolean[]): { row: number; span: number; working: boolean }[] {
  const out: { row: number; span: number; working: boolean }[] = [];
  flags.forEach((working, i) => {
    const last = out.at(-1);
    if (last && last.working === working) last.span += 1;
    else out.push({ row: i + 1, span: 1, working });
  });
  return out;
}

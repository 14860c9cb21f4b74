/**
 * Turns a range of the diary (diary.server.ts) into what the staff's grid
 * draws: one column per professional (day view) or per day (one
 * professional's week), quarter-hour rows, each appointment and block placed
 * by app/domain/diary-layout.ts, and her working hours as shaded bands.
 */
import { appointmentStatusLabel } from "~/components/staff/diary/labels.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import {
  gridRange,
  gridRows,
  placeItems,
  rowBands,
  workingRows,
  type DiaryItem,
  type MinuteRange,
} from "~/domain/diary-layout.ts";
import { salonOpening } from "~/domain/salon-hours.ts";
import { formatDayLabel, formatTime, isoWeekday, wallClockOf } from "~/domain/salon-time.ts";
import type { DiaryAppointment, DiaryRange } from "./diary.server.ts";

export interface DiaryBlock {
  kind: "appointment" | "off";
  id: string;
  row: number;
  span: number;
  lane: number;
  lanes: number;
  outOfHours: boolean;
  /** "10:00–11:10" */
  time: string;
  clientName: string;
  services: string[];
  status: string;
  statusLabel: string;
  professionalName: string;
  /** Time off: "Bloqueado: <reason>" or "Salón cerrado: <reason>". */
  reason: string;
}

export interface DiaryColumn {
  key: string;
  heading: string;
  bands: { row: number; span: number; working: boolean }[];
  blocks: DiaryBlock[];
  /** Most lanes any group of overlapping blocks needs. */
  lanes: number;
}

export interface DiaryGrid {
  /** "09:00", "09:15"… one per row. */
  rows: string[];
  columns: DiaryColumn[];
}

/** [start, end) of an instant range in minutes of `date` in Madrid, or null when it misses that day. */
function minutesOn(date: string, startsAt: string, endsAt: string): MinuteRange | null {
  const s = wallClockOf(Date.parse(startsAt));
  const e = wallClockOf(Date.parse(endsAt));
  if (s.date > date || e.date < date) return null;
  const start = s.date < date ? 0 : s.minutes;
  const end = e.date > date ? 24 * 60 : e.minutes;
  return end > start ? { start, end } : null;
}

interface ColumnSpec {
  key: string;
  heading: string;
  date: string;
  professionalId: string;
  professionalName: string;
}

function workingOn(range: DiaryRange, professionalId: string, date: string): MinuteRange[] {
  const weekday = isoWeekday(date);
  return range.workingHours
    .filter((w) => w.professionalId === professionalId && w.weekday === weekday)
    .map((w) => ({ start: w.startMin, end: w.endMin }));
}

function appointmentsOf(range: DiaryRange, spec: ColumnSpec) {
  const out: { item: DiaryItem; appt: DiaryAppointment }[] = [];
  for (const appt of range.appointments) {
    if (appt.professionalId !== spec.professionalId) continue;
    const m = minutesOn(spec.date, appt.startsAt, appt.endsAt);
    if (m) out.push({ item: { id: appt.id, ...m }, appt });
  }
  return out;
}

function buildColumn(range: DiaryRange, spec: ColumnSpec, grid: MinuteRange): DiaryColumn {
  const working = workingOn(range, spec.professionalId, spec.date);
  const appts = appointmentsOf(range, spec);
  const offs = range.timeOff
    .filter((t) => t.professionalId === null || t.professionalId === spec.professionalId)
    .flatMap((t) => {
      const m = minutesOn(spec.date, t.startsAt, t.endsAt);
      return m ? [{ item: { id: `off-${t.id}`, ...m }, off: t }] : [];
    });
  const placed = placeItems(grid, [...appts.map((a) => a.item), ...offs.map((o) => o.item)], working);
  const byId = new Map(placed.map((p) => [p.id, p]));
  const blocks: DiaryBlock[] = [];
  for (const p of placed) {
    const a = appts.find((x) => x.item.id === p.id);
    const o = a ? undefined : offs.find((x) => x.item.id === p.id);
    const item = a?.item ?? o!.item;
    const base = {
      id: p.id,
      row: p.row,
      span: p.span,
      lane: p.lane,
      lanes: p.lanes,
      outOfHours: p.outOfHours,
      time: `${formatTime(item.start)}–${formatTime(item.end === 24 * 60 ? 23 * 60 + 59 : item.end)}`,
      professionalName: spec.professionalName,
    };
    if (a) {
      blocks.push({
        ...base,
        kind: "appointment",
        clientName: a.appt.clientName,
        services: a.appt.services,
        status: a.appt.status,
        statusLabel: appointmentStatusLabel(a.appt.status) + (a.appt.charged ? " · cobrada" : ""),
        reason: "",
      });
    } else if (o) {
      blocks.push({
        ...base,
        id: o.off.id,
        kind: "off",
        clientName: "",
        services: [],
        status: "",
        statusLabel: "",
        reason: `${o.off.professionalId === null ? "Salón cerrado" : "Bloqueado"}${o.off.reason ? `: ${o.off.reason}` : ""}`,
      });
    }
  }
  return {
    key: spec.key,
    heading: spec.heading,
    bands: rowBands(workingRows(grid, working)),
    blocks,
    lanes: Math.max(1, ...[...byId.values()].map((p) => p.lanes)),
  };
}

function build(range: DiaryRange, specs: ColumnSpec[]): DiaryGrid | null {
  const openings = [...new Set(specs.map((s) => s.date))].flatMap((d) => {
    const o = salonOpening.get(isoWeekday(d));
    return o ? [{ start: o.opens, end: o.closes }] : [];
  });
  const opening = openings.length
    ? { start: Math.min(...openings.map((o) => o.start)), end: Math.max(...openings.map((o) => o.end)) }
    : null;
  const items = specs.flatMap((s) => appointmentsOf(range, s).map((a) => a.item));
  const grid = gridRange(opening, items);
  if (!grid || specs.length === 0) return null;
  return { rows: gridRows(grid).map(formatTime), columns: specs.map((s) => buildColumn(range, s, grid)) };
}

/** The day view: one column per professional in the range. Null when the salon is closed and nothing is booked. */
export function dayGrid(range: DiaryRange, date: string): DiaryGrid | null {
  return build(
    range,
    range.professionals.map((p) => ({
      key: p.id,
      heading: p.name,
      date,
      professionalId: p.id,
      professionalName: p.name,
    })),
  );
}

/** One professional's week: one column per day from `monday`. */
export function weekGrid(range: DiaryRange, monday: string): DiaryGrid | null {
  const pro = range.professionals[0];
  if (!pro) return null;
  return build(
    range,
    Array.from({ length: 7 }, (_, i) => {
      const date = addDays(monday, i);
      return { key: date, heading: formatDayLabel(date), date, professionalId: pro.id, professionalName: pro.name };
    }),
  );
}

/** One appointment of the salon's week: only what the list shows (the page also ships it for hydration). */
export interface DiaryListAppointment {
  id: string;
  /** "10:00–10:45", Madrid. */
  time: string;
  clientName: string;
  /** Service names in the order they are performed, joined with ", ". */
  services: string;
  professionalName: string;
  status: string;
}

export interface DiaryListDay {
  date: string;
  heading: string;
  closed: boolean;
  appointments: DiaryListAppointment[];
  blocks: { id: string; text: string }[];
}

/** The salon's week, compact: each day's appointments and blocks in time order. */
export function weekList(range: DiaryRange, monday: string): DiaryListDay[] {
  const names = new Map(range.professionals.map((p) => [p.id, p.name]));
  // Each appointment's Madrid day, once (not once per day of the week).
  const byDay = new Map<string, DiaryListAppointment[]>();
  for (const a of range.appointments) {
    const date = wallClockOf(Date.parse(a.startsAt)).date;
    const m = minutesOn(date, a.startsAt, a.endsAt);
    const list = byDay.get(date) ?? [];
    list.push({
      id: a.id,
      time: m ? `${formatTime(m.start)}–${formatTime(m.end)}` : "",
      clientName: a.clientName,
      services: a.services.join(", "),
      professionalName: a.professionalName,
      status: a.status,
    });
    byDay.set(date, list);
  }
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const blocks = range.timeOff.flatMap((t) => {
      const m = minutesOn(date, t.startsAt, t.endsAt);
      if (!m) return [];
      const who = t.professionalId === null ? "Todo el salón" : (names.get(t.professionalId) ?? "");
      const when = m.start === 0 && m.end === 24 * 60 ? "todo el día" : `${formatTime(m.start)}–${formatTime(m.end)}`;
      return [{ id: t.id, text: `Bloqueado (${who}, ${when})${t.reason ? `: ${t.reason}` : ""}` }];
    });
    return {
      date,
      heading: formatDayLabel(date),
      closed: !salonOpening.has(isoWeekday(date)),
      appointments: byDay.get(date) ?? [],
      blocks,
    };
  });
}

/** /gestion/agenda: the staff's diary, by day or week, per professional or for the whole salon. */
import type { RouterContextProvider } from "react-router";
import { dayGrid, weekGrid, weekList } from "~/bookings/diary-grid.server.ts";
import { listDiaryProfessionals, loadDiaryRange } from "~/bookings/diary.server.ts";
import { getServices } from "~/context.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { formatDayLong, isDate, isoWeekday } from "~/domain/salon-time.ts";

type Ctx = Readonly<RouterContextProvider>;

type DiaryView = "dia" | "semana";

interface DiaryQuery {
  date: string;
  view: DiaryView;
  /** A professional's id, or "todas". */
  professional: string;
  notes: string[];
}

/** Reads ?dia, ?vista and ?profesional; anything unreadable falls back with a note. */
function parseDiaryQuery(params: URLSearchParams, today: string, professionalIds: readonly string[]): DiaryQuery {
  const notes: string[] = [];
  const rawDate = params.get("dia")?.trim() ?? "";
  let date = today;
  if (rawDate) {
    if (isDate(rawDate)) date = rawDate;
    else notes.push("La fecha no es válida (usa el formato AAAA-MM-DD): se muestra hoy.");
  }
  const rawView = params.get("vista");
  const view: DiaryView = rawView === "semana" ? "semana" : "dia";
  if (rawView && rawView !== "dia" && rawView !== "semana") notes.push("Vista desconocida: se muestra el día.");
  const rawPro = params.get("profesional")?.trim() ?? "";
  let professional = "todas";
  if (rawPro && rawPro !== "todas") {
    if (professionalIds.includes(rawPro)) professional = rawPro;
    else notes.push("Esa profesional no existe o ya no está activa: se muestra todo el salón.");
  }
  return { date, view, professional, notes };
}

export async function loadDiary(request: Request, context: Ctx, now = new Date()) {
  const { db } = getServices(context);
  const today = madridDate(now);
  const professionals = await listDiaryProfessionals(db);
  const query = parseDiaryQuery(
    new URL(request.url).searchParams,
    today,
    professionals.map((p) => p.id),
  );
  const { date, view, professional } = query;
  const professionalId = professional === "todas" ? null : professional;
  const monday = addDays(date, 1 - isoWeekday(date));
  const step = view === "semana" ? 7 : 1;
  const base = {
    query,
    today,
    professionals,
    prev: addDays(date, -step),
    next: addDays(date, step),
    title:
      view === "semana"
        ? `Semana del ${formatDayLong(monday)} al ${formatDayLong(addDays(monday, 6))}`
        : formatDayLong(date),
  };
  if (view === "dia") {
    const range = await loadDiaryRange(db, { fromDate: date, days: 1, professionalId, now, professionals });
    return { ...base, grid: dayGrid(range, date), list: null };
  }
  const range = await loadDiaryRange(db, { fromDate: monday, days: 7, professionalId, now, professionals });
  if (professionalId) return { ...base, grid: weekGrid(range, monday), list: null };
  return { ...base, grid: null, list: weekList(range, monday) };
}

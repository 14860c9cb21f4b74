/**
 * What an availability question asks ("¿tenéis hueco el viernes por la tarde
 * para semipermanente?"): which service, which day and which part of the day.
 * Pure: the caller gives today's Madrid date and the live menu, so a service
 * the owner renamed or added is still found by its name, Spanish or Catalan.
 */
import { addDays } from "~/domain/calendar-dates.ts";
import { isDate, isoWeekday } from "~/domain/salon-time.ts";
import { MONTH_NAMES } from "~/domain/es-format.ts";

/** Mornings end at 14:00; afternoons start there (Madrid minutes). */
const AFTERNOON_STARTS_MIN = 14 * 60;

export type DayPart = "morning" | "afternoon";

interface AskedService {
  id: string;
  name: string;
  /** Its Catalan name, when the staff wrote one. */
  nameCa?: string | null;
}

interface AvailabilityQuestion {
  /** A service of the menu, or null when none is named. */
  serviceId: string | null;
  /** The Madrid date asked about, or null for "the next days". */
  date: string | null;
  part: DayPart | null;
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9/ ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Common words for the seeded services (ids of app/db/seed-salon.server.ts),
 * most specific first: "quitar el semi" is a removal, "relleno de gel" a refill.
 */
const SERVICE_WORDS: readonly [string, RegExp][] = [
  ["retirada", /\b(retirad[ao]s?|retirar(me)?|quitar(me)?|quitad?|quitarse|treure|traieu)\b/],
  [
    "pedicura-semipermanente",
    /\bpedicuras? (con |de |en |amb )?(semi|semipermanent|semipermanente|esmaltado permanente|esmalt permanent)\b/,
  ],
  ["relleno", /\b(rellenos?|rellenar(me)?|reomplir|reomplert)\b/],
  [
    "semipermanente",
    /\b(semi|semis|semipermanentes?|esmaltado permanente|permanente|semipermanents?|esmalt permanent|permanent)\b/,
  ],
  ["unas-gel", /\bgel\b/],
  ["acrilico", /\b(acrilic[oa]s?|esculpidas?|acrilics?|acriliques)\b/],
  ["nail-art", /\b(nail ?art|decoracion(es)?|decorar(me)?|dibujos?|decoracions?|dibuixos?)\b/],
  ["pedicura", /\b(pedicuras?|pies|peus)\b/],
  ["cejas", /\b(cejas?|celles|cella)\b/],
  ["facial-hidratante", /\b(hidratante|hidratacion|hidratant|hidratacio)\b/],
  ["limpieza-facial", /\b(facial(es)?|limpiezas?|cutis|cara)\b/],
  ["manicura", /\b(manicuras?|manos|mans)\b/],
];

/** Words of a service's name that do not tell one service from another (Spanish, then Catalan). */
const GENERIC = new Set([
  "unas",
  "nuevo",
  "set",
  "con",
  "del",
  "las",
  "los",
  "para",
  "tratamiento",
  "servicio",
  "ungles",
  "nou",
  "joc",
  "amb",
  "dels",
  "les",
  "per",
  "tractament",
  "servei",
]);

/** The names a service goes by: the Spanish one and, when written, the Catalan one. */
const namesOf = (s: AskedService) => (s.nameCa?.trim() ? [s.name, s.nameCa] : [s.name]);

/**
 * The service a question names: a whole menu name (Spanish or Catalan), a
 * common word, then the rarer words of a name.
 */
export function serviceAsked(text: string, menu: readonly AskedService[]): string | null {
  const q = ` ${fold(text)} `;
  const names = menu
    .flatMap((s) => namesOf(s).map((name) => ({ id: s.id, name: fold(name.replace(/\(.*?\)/g, " ")) })))
    .filter((s) => s.name)
    .sort((a, b) => b.name.length - a.name.length);
  const whole = names.find((s) => q.includes(` ${s.name} `));
  if (whole) return whole.id;
  const ids = new Set(menu.map((s) => s.id));
  for (const [id, words] of SERVICE_WORDS) if (ids.has(id) && words.test(q)) return id;
  let best: { id: string; score: number } | null = null;
  for (const s of menu) {
    const score = Math.max(
      ...namesOf(s).map(
        (name) =>
          fold(name)
            .split(" ")
            .filter((w) => w.length >= 4 && !GENERIC.has(w) && q.includes(` ${w} `)).length,
      ),
    );
    if (score > 0 && (!best || score > best.score)) best = { id: s.id, score };
  }
  return best?.id ?? null;
}

/** ISO weekday (1 Monday … 7 Sunday) of each spelling people type. */
const WEEKDAYS: Record<string, number> = {
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
  sabados: 6,
  domingo: 7,
  domingos: 7,
  // Catalan.
  dilluns: 1,
  dimarts: 2,
  dimecres: 3,
  dijous: 4,
  divendres: 5,
  dissabte: 6,
  dissabtes: 6,
  diumenge: 7,
  diumenges: 7,
};

/** The next `weekday` from `today` (today itself when it is that day). */
function nextWeekday(today: string, weekday: number): string {
  return addDays(today, (weekday - isoWeekday(today) + 7) % 7);
}

const dateOf = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** Day `day` of month `month` (1–12): this year's, or next year's once it has passed. */
function nextDayOfMonth(today: string, month: number, day: number): string | null {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const d = dateOf(y, month, day);
    if (isDate(d) && d >= today) return d;
  }
  return null;
}

/** "el 27": the next 27th, this month or a later one. */
function nextDayNumber(today: string, day: number): string | null {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  for (let i = 0; i < 3; i++) {
    const month = ((m - 1 + i) % 12) + 1;
    const d = dateOf(y + Math.floor((m - 1 + i) / 12), month, day);
    if (isDate(d) && d >= today) return d;
  }
  return null;
}

function dayAsked(q: string, today: string): string | null {
  const dated = /\b(\d{1,2}) de ([a-z]+)\b/.exec(q);
  if (dated) {
    const month = MONTH_NAMES.indexOf(dated[2]);
    if (month >= 0) return nextDayOfMonth(today, month + 1, Number(dated[1]));
  }
  const slashed = /\b(\d{1,2})\/(\d{1,2})\b/.exec(q);
  if (slashed) return nextDayOfMonth(today, Number(slashed[2]), Number(slashed[1]));
  const numbered =
    /\b(?:el|dia|lunes|martes|miercoles|jueves|viernes|sabado|domingo|dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge) (\d{1,2})\b(?! ?(?:h|horas?|hores|00)\b)/.exec(
      q,
    );
  if (numbered) return nextDayNumber(today, Number(numbered[1]));
  // Catalan "demà passat" / "passat demà".
  if (/\bpasado manana\b|\bdema passat\b|\bpassat dema\b/.test(q)) return addDays(today, 2);
  if (/\bhoy\b|\besta (manana|tarde)\b|\bavui\b|\baquesta tarda\b|\baquest mati\b/.test(q)) return today;
  if (/\bdema\b/.test(q)) return addDays(today, 1);
  const words = q.split(" ");
  const tomorrow = words.some(
    (w, i) => w === "manana" && !["la", "las", "esta", "pasado"].includes(words[i - 1] ?? ""),
  );
  if (tomorrow) return addDays(today, 1);
  const named = words.findIndex((w) => w in WEEKDAYS);
  if (named >= 0) {
    const date = nextWeekday(today, WEEKDAYS[words[named]]);
    const nextWeek = /\b(proximo|que viene|siguiente|que ve|seguent)\b/.test(q) && date === today;
    return nextWeek ? addDays(date, 7) : date;
  }
  if (/\b(fin de semana|finde|cap de setmana)\b/.test(q)) return nextWeekday(today, 6);
  return null;
}

function partAsked(q: string): DayPart | null {
  if (/\b(la|las) mananas?\b|\besta manana\b|\bmananas\b|\bmatinal\b|\bmatins?\b/.test(q)) return "morning";
  if (/\b(?<!buenas )tardes?\b|\b(?<!bona )tarda\b/.test(q)) return "afternoon";
  return null;
}

/** Reads a question; `today` is the Madrid date ("YYYY-MM-DD"). */
export function parseAvailabilityQuestion(
  text: string,
  today: string,
  menu: readonly AskedService[],
): AvailabilityQuestion {
  const q = fold(text);
  return { serviceId: serviceAsked(q, menu), date: dayAsked(q, today), part: partAsked(q) };
}

/** Whether a start (Madrid minutes) falls in the part of the day asked. */
export function inPart(minutes: number, part: DayPart | null): boolean {
  if (part === "morning") return minutes < AFTERNOON_STARTS_MIN;
  if (part === "afternoon") return minutes >= AFTERNOON_STARTS_MIN;
  return true;
}

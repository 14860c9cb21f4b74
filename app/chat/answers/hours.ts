/**
 * Opening-hours answers for one day ("¿abrís los domingos?", "el sábado por la
 * tarde abrís?", Catalan "obriu dissabte a la tarda?"), computed from site.hours,
 * in Spanish or Catalan. The caller gives today's date.
 */
import { hoursLines } from "~/content/hours.ts";
import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";

/** Index = JavaScript's getUTCDay() (0 = Sunday). */
const DAY_NAMES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;
const DAY_NAMES_CA = ["diumenge", "dilluns", "dimarts", "dimecres", "dijous", "divendres", "dissabte"] as const;
const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** Accent-free spellings people type, singular and plural. */
const DAY_WORDS: Record<string, number> = {
  domingo: 0,
  domingos: 0,
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
  sabados: 6,
  // Catalan.
  diumenge: 0,
  diumenges: 0,
  dilluns: 1,
  dimarts: 2,
  dimecres: 3,
  dijous: 4,
  divendres: 5,
  dissabte: 6,
  dissabtes: 6,
};

type DayPart = "mañana" | "mediodía" | "tarde" | "noche";
/** Hours ("HH:MM") each part of the day covers, end exclusive. */
const PART_RANGES: Record<DayPart, [string, string]> = {
  mañana: ["00:00", "14:00"],
  mediodía: ["13:00", "16:00"],
  tarde: ["15:00", "20:30"],
  noche: ["20:30", "24:00"],
};
const PART_PHRASE: Record<Locale, Record<DayPart, string>> = {
  es: { mañana: "por la mañana", mediodía: "a mediodía", tarde: "por la tarde", noche: "por la noche" },
  ca: { mañana: "al matí", mediodía: "al migdia", tarde: "a la tarda", noche: "a la nit" },
};

interface DayQuestion {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  /** How the day was named: "hoy", "mañana" or a weekday. */
  said: "today" | "tomorrow" | "weekday";
  part?: DayPart;
}

interface OpeningHours {
  opens: string;
  closes: string;
}

/** Day of the week of a YYYY-MM-DD date, 0 = Sunday. */
export function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T12:00:00Z`).getUTCDay();
}

/** The salon's hours on a day of the week, or null when it is closed. */
export function hoursOn(day: number): OpeningHours | null {
  const entry = site.hours.find((h) => (h.schemaDays as readonly string[]).includes(SCHEMA_DAYS[day]));
  return entry?.opens && entry.closes ? { opens: entry.opens, closes: entry.closes } : null;
}

const fold = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * The one day a question is about, or null when it names none or several
 * ("de lunes a sábado", "el finde": the whole timetable answers those).
 */
export function dayAsked(text: string, today: number): DayQuestion | null {
  const words = fold(text).match(/[a-z0-9]+/g) ?? [];
  const days = new Set<number>();
  let said: DayQuestion["said"] = "weekday";
  let part: DayPart | undefined;
  words.forEach((w, i) => {
    const before = words[i - 1] ?? "";
    const after = words[i + 1] ?? "";
    if (w in DAY_WORDS) days.add(DAY_WORDS[w]);
    // Catalan: "avui", "demà", "demà passat" (or "passat demà"), "al matí", "a la tarda", "a la nit", "al migdia".
    else if (w === "dema" && (after === "passat" || before === "passat")) days.add((today + 2) % 7);
    else if (w === "dema") {
      days.add((today + 1) % 7);
      said = "tomorrow";
    } else if (w === "avui" || w === "ara") {
      days.add(today);
      said = "today";
    } else if (w === "mati" || w === "matins") part = "mañana";
    else if (w === "migdia") part = "mediodía";
    else if ((w === "tarda" || w === "tardes") && before === "la") part = "tarde";
    else if (w === "nit" || w === "nits") part = "noche";
    else if (w === "hoy" || w === "ahora") {
      days.add(today);
      said = "today";
    } else if (w === "manana" && before === "pasado") {
      days.add((today + 2) % 7);
    } else if (w === "manana" && !["la", "las", "de", "esta"].includes(before)) {
      days.add((today + 1) % 7);
      said = "tomorrow";
    } else if (w === "manana" || w === "mananas") part = "mañana";
    else if (w === "mediodia") part = "mediodía";
    else if ((w === "tarde" || w === "tardes") && before !== "buenas") part = "tarde";
    else if ((w === "noche" || w === "noches") && before !== "buenas") part = "noche";
  });
  if (days.size !== 1) return null;
  const [day] = days;
  // "el viernes" said on a Friday is still a weekday question; "hoy" wins only when it named the day.
  return { day, said: words.some((w) => w in DAY_WORDS) ? "weekday" : said, ...(part ? { part } : {}) };
}

/** "sábados", "lunes"; in Catalan "dissabtes", "dilluns". */
function plural(day: number, locale: Locale): string {
  const name = (locale === "ca" ? DAY_NAMES_CA : DAY_NAMES)[day];
  return name.endsWith("s") ? name : `${name}s`;
}

function subject(q: DayQuestion, locale: Locale): string {
  if (locale === "ca") {
    if (q.said === "today") return `avui, ${DAY_NAMES_CA[q.day]},`;
    if (q.said === "tomorrow") return `demà, ${DAY_NAMES_CA[q.day]},`;
    return `els ${plural(q.day, locale)}`;
  }
  if (q.said === "today") return `hoy, ${DAY_NAMES[q.day]},`;
  if (q.said === "tomorrow") return `mañana, ${DAY_NAMES[q.day]},`;
  return `los ${plural(q.day, locale)}`;
}

/** The first day after `day` the salon opens, with its hours. */
export function nextOpenDay(day: number): { day: number; hours: OpeningHours } | null {
  for (let k = 1; k <= 7; k += 1) {
    const d = (day + k) % 7;
    const hours = hoursOn(d);
    if (hours) return { day: d, hours };
  }
  return null;
}

const overlaps = (h: OpeningHours, [from, to]: [string, string]) => h.opens < to && h.closes > from;

/** "Sí, los sábados por la tarde está abierto: de 09:00 a 17:00." and the like. */
export function dayHoursAnswer(q: DayQuestion, locale: Locale = "es"): string {
  if (locale === "ca") return dayHoursAnswerCa(q);
  const hours = hoursOn(q.day);
  const who = subject(q, locale);
  if (!hours) {
    const next = nextOpenDay(q.day);
    if (!next) return `No, ${who} está cerrado.`;
    const when = q.said === "today" && next.day === (q.day + 1) % 7 ? "mañana" : "el";
    return `No, ${who} está cerrado. Volvemos a abrir ${when} ${DAY_NAMES[next.day]} de ${next.hours.opens} a ${next.hours.closes}.`;
  }
  const range = `de ${hours.opens} a ${hours.closes}`;
  if (!q.part) return `Sí, ${who} abrimos ${range}.`;
  const phrase = PART_PHRASE.es[q.part];
  if (overlaps(hours, PART_RANGES[q.part])) return `Sí, ${who} ${phrase} está abierto: abrimos ${range}.`;
  return `No, ${who} ${phrase} no abrimos: ese día el horario es ${range}.`;
}

/** "Sí, els dissabtes obrim de 09:00 a 17:00." and the like. */
function dayHoursAnswerCa(q: DayQuestion): string {
  const hours = hoursOn(q.day);
  const who = subject(q, "ca");
  if (!hours) {
    const next = nextOpenDay(q.day);
    if (!next) return `No, ${who} tanquem.`;
    const when = q.said === "today" && next.day === (q.day + 1) % 7 ? "demà" : "el";
    return `No, ${who} tanquem. Tornem a obrir ${when} ${DAY_NAMES_CA[next.day]} de ${next.hours.opens} a ${next.hours.closes}.`;
  }
  const range = `de ${hours.opens} a ${hours.closes}`;
  if (!q.part) return `Sí, ${who} obrim ${range}.`;
  const phrase = PART_PHRASE.ca[q.part];
  if (overlaps(hours, PART_RANGES[q.part])) return `Sí, ${who} ${phrase} som oberts: obrim ${range}.`;
  return `No, ${who} ${phrase} no obrim: aquell dia l’horari és ${range}.`;
}

/** The whole timetable, line by line. */
function weeklyHoursAnswer(locale: Locale): string {
  const lines = hoursLines(serverTranslator(locale)).join("\n");
  return `${locale === "ca" ? "El nostre horari" : "Nuestro horario"}:\n${lines}`;
}

/** The answer for an opening-hours question: that day when it names one, else the timetable. */
export function hoursAnswer(question: string, today: number, locale: Locale = "es"): string {
  const q = dayAsked(question, today);
  return q ? dayHoursAnswer(q, locale) : weeklyHoursAnswer(locale);
}

/**
 * Tells questions about the salon's services from questions about courses
 * (issue item 14). The classifier learnt "¿cuánto cuesta…?" and "¿cuánto
 * dura…?" mostly from course questions, and "acrílico" is also the name of a
 * course; a question that names a service and no course word ("¿cuánto dura la
 * pedicura?", "precio uñas acrílicas") is about the menu. Pure.
 */
import type { Intent } from "./corpus.ts";
import { findServiceTerms, fold, serviceAspect } from "./service-mentions.ts";

/** Words that make a question about the academy even when it names a service ("curso de manicura", Catalan "curs"). */
const COURSE_WORDS =
  /\b(curso|cursos|formacion|formaciones|clase|clases|alumn\w*|academia|aprender|ensenais|ensenan|intensivo|iniciacion|edicion|convocatorias?|plazas|certificado|temario|dias|semanas|curs|formacio|formacions|classe|classes|aprendre|ensenyeu|intensiu|iniciacio|edicio|places|certificat|temari|dies|setmanes)\b/;

/** Course intents a service question is mistaken for. */
const COURSE_READINGS: ReadonlySet<Intent> = new Set([
  "courses.price",
  "courses.prices",
  "courses.duration",
  "courses.info",
  "courses.list",
]);

/** "¿hacéis…?", "¿tenéis…?" (Catalan "feu…?", "teniu…?"): asking whether the salon offers something. */
const OFFER_VERBS =
  /\b(haceis|hacen|haces|teneis|tienen|ofreceis|ofrecen|poneis|quitais|trabajais|hay|feu|fan|teniu|oferiu|poseu|traieu|treballeu)\b/;

/** Menu words of services the seeded menu lacks: a "curso de pestañas" is none of the academy's. */
const OFF_MENU_TERMS: ReadonlySet<string> = new Set([
  "pestanas",
  "depilacion",
  "masaje",
  "maquillaje",
  "micropigmentacion",
  "porcelana",
]);

interface Reading {
  intent: Intent;
  courseIds: string[];
}

/**
 * `courseTexts`: the words of each course mention found in the message (a
 * mention that is only a service word, such as "acrílico", is not a course).
 */
export function serviceReading(text: string, reading: Reading, courseTexts: readonly string[]): Reading {
  const terms = findServiceTerms(text);
  const folded = fold(text);
  const coursesAreServices = courseTexts.every((t) => findServiceTerms(t).length > 0);
  // "¿cuánto tendría que pagar por el expert nails?": a course is named, so it is a course question.
  if (!coursesAreServices && reading.intent === "salon.services") {
    const aspect = serviceAspect(text);
    const intent =
      aspect === "price" || aspect === "both"
        ? "courses.price"
        : aspect === "duration"
          ? "courses.duration"
          : "courses.info";
    return { intent, courseIds: reading.courseIds };
  }
  if (terms.length === 0) return reading;
  if (COURSE_WORDS.test(folded)) {
    // "curso de extensiones de pestañas": a course the academy does not give.
    const unknownCourse = reading.courseIds.length === 0 && terms.every((t) => OFF_MENU_TERMS.has(t));
    return unknownCourse ? { intent: "None", courseIds: [] } : reading;
  }
  if (!coursesAreServices) return reading;
  if (COURSE_READINGS.has(reading.intent)) return { intent: "salon.services", courseIds: [] };
  if (reading.intent === "None" && (serviceAspect(text) !== "offer" || OFFER_VERBS.test(folded))) {
    return { intent: "salon.services", courseIds: [] };
  }
  if (reading.intent === "salon.services") return { intent: reading.intent, courseIds: [] };
  return reading;
}

/**
 * The conversation's last topic (issue item 14): what the previous answer was
 * about, so a bare follow-up ("¿y los sábados?", "¿y cuánto dura?") is read in
 * its context. The server keeps no conversation state: each reply carries a
 * short marker ("salon.hours", "courses.price:expert-nails",
 * "salon.services:manicura+semipermanente") that the widget sends back with the
 * next question. It comes from the browser, so it is parsed against fixed
 * lists (the intents, the course ids, the menu words) and anything else is
 * dropped. Pure.
 */
import { courseAliases, INTENTS, type Intent } from "./corpus.ts";
import { areServiceTerms, termLabel } from "./service-mentions.ts";

/** Small talk has no topic to follow. */
type TopicIntent = Exclude<Intent, "None" | "greeting" | "thanks" | "goodbye">;

export interface Topic {
  intent: TopicIntent;
  /** The course the previous answer was about. */
  courseId?: string;
  /** Or the service, as the menu words that named it. */
  serviceTerms?: string[];
}

/** Longest marker accepted; a real one is far shorter. */
export const MAX_TOPIC_CHARS = 120;
const MAX_SERVICE_TERMS = 3;

const NO_TOPIC: ReadonlySet<Intent> = new Set(["None", "greeting", "thanks", "goodbye"]);
/** Intents whose answer is about the service named. */
const SERVICE_TOPICS: ReadonlySet<Intent> = new Set(["salon.services", "booking", "booking.availability"]);

const isTopicIntent = (value: string): value is TopicIntent =>
  (INTENTS as readonly string[]).includes(value) && !NO_TOPIC.has(value as Intent);

/** The marker a reply carries, or null when the answer leaves nothing to follow up. */
export function topicOf(u: {
  intent: Intent;
  courseIds: readonly string[];
  serviceTerms: readonly string[];
}): Topic | null {
  if (!isTopicIntent(u.intent)) return null;
  if (u.courseIds.length > 0) return { intent: u.intent, courseId: u.courseIds[0] };
  if (u.serviceTerms.length > 0 && SERVICE_TOPICS.has(u.intent)) {
    return { intent: u.intent, serviceTerms: u.serviceTerms.slice(0, MAX_SERVICE_TERMS) };
  }
  return { intent: u.intent };
}

export function formatTopic(topic: Topic): string {
  if (topic.courseId) return `${topic.intent}:${topic.courseId}`;
  if (topic.serviceTerms?.length) return `${topic.intent}:${topic.serviceTerms.join("+")}`;
  return topic.intent;
}

/** The marker the browser sent back, or null when it is absent or not one the server could have written. */
export function parseTopic(raw: unknown): Topic | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_TOPIC_CHARS) return null;
  const [intent, subject, ...rest] = raw.split(":");
  if (rest.length > 0 || !isTopicIntent(intent)) return null;
  if (subject === undefined) return { intent };
  if (Object.hasOwn(courseAliases, subject)) return { intent, courseId: subject };
  const terms = subject.split("+");
  if (terms.length <= MAX_SERVICE_TERMS && new Set(terms).size === terms.length && areServiceTerms(terms)) {
    return { intent, serviceTerms: terms };
  }
  return null;
}

/** What a follow-up is about when it names nothing: a word of the previous topic. */
const INTENT_SEEDS: Record<TopicIntent, string> = {
  "courses.list": "cursos",
  "courses.info": "curso",
  "courses.price": "precio del curso",
  "courses.prices": "precio de los cursos",
  "courses.duration": "cuánto dura el curso",
  "courses.level": "nivel del curso",
  "courses.dates": "fechas del curso",
  "courses.groupSize": "alumnos por grupo",
  "courses.certificate": "certificado del curso",
  "courses.materials": "material del curso",
  "payment.financing": "pagar a plazos",
  "payment.refund": "devolución",
  booking: "quiero pedir cita",
  "booking.availability": "tenéis hueco",
  "salon.services": "qué servicios tenéis",
  "salon.hours": "qué horario tenéis",
  "salon.location": "dónde estáis",
  "salon.parking": "hay aparcamiento",
  "salon.contact": "cuál es vuestro teléfono",
};

/**
 * The words put before a follow-up to read it in context: the course or
 * service the topic was about ("¿y cuánto dura?" → "manicura semipermanente
 * ¿y cuánto dura?"), else a word of its intent ("¿y los sábados?" → "qué horario
 * tenéis ¿y los sábados?").
 */
export function topicSeed(topic: Topic): string {
  if (topic.courseId) return courseAliases[topic.courseId]?.[0] ?? INTENT_SEEDS[topic.intent];
  if (topic.serviceTerms?.length) return topic.serviceTerms.map(termLabel).join(" ");
  return INTENT_SEEDS[topic.intent];
}

/** Words that carry no topic of their own: "y", "e", "entonces"… and the punctuation around them. */
const FOLLOW_UP_OPENER = /^[¿¡\s]*(?:y|e|entonces|pues|vale y|ok y|oye y|y entonces)\b/iu;
/** A follow-up is short; a longer message states its own question. */
const MAX_FOLLOW_UP_WORDS = 6;

/** The message without its opening "y", "entonces"…: "¿y el teléfono?" → "el teléfono?". */
export function withoutOpener(text: string): string {
  const m = FOLLOW_UP_OPENER.exec(text);
  const rest = m ? text.slice(m[0].length).trim() : text;
  return rest || text;
}

/** Whether a message is short enough to be a follow-up, and whether it opens like one ("¿y…?"). */
export function followUpShape(text: string): { short: boolean; opener: boolean } {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return { short: words.length > 0 && words.length <= MAX_FOLLOW_UP_WORDS, opener: FOLLOW_UP_OPENER.test(text) };
}

/**
 * Reads a short follow-up in the context of the conversation's last topic
 * (issue item 14): "¿y los sábados?" after the opening hours, "¿y cuánto
 * dura?" after a service's price, "¿y el expert nails?" after a course's price.
 * A message that states a question of its own is left as it was understood.
 */
import type { Intent } from "./corpus.ts";
import { followUpShape, topicSeed, type Topic } from "./conversation-topic.ts";

export interface Reading {
  intent: Intent;
  score: number;
  guess: string;
  courseIds: string[];
  /** Courses named, even by a word that is also a service ("acrílico") and so not taken as a course here. */
  courseMentions: string[];
  serviceTerms: string[];
  /** The text the answer reads (the follow-up with its topic's words when read in context). */
  text: string;
}

export interface FollowUpTools {
  /** Classifies a text with no context. */
  understand(text: string): Promise<Reading>;
  /** Every word of the text is one the salon's questions use (or says nothing, like "sábados"). */
  allWordsKnown(text: string): boolean;
  /** The text has no word of its own beyond filler ("¿y los sábados?", "¿y por la tarde?"). */
  onlyFillers(text: string): boolean;
}

const SMALL_TALK: ReadonlySet<Intent> = new Set(["greeting", "thanks", "goodbye"]);
/** Readings that say "about a course" without saying what about it. */
const GENERIC_COURSE: ReadonlySet<Intent> = new Set(["courses.info", "courses.list"]);

const courseFamily = (intent: Intent) => intent.startsWith("courses.") || intent === "payment.financing";

/** "¿qué cursos tenéis?", "servicios y precios": about all of them, not the one talked about. */
const ALL_OF_THEM = /\b(cursos|formaciones|servicios|todos|todas|menu|carta)\b/;

/** Intents whose answer depends on which course or service: a follow-up inherits the topic's. */
function needsSubject(intent: Intent, topic: Topic, opener: boolean): boolean {
  if (topic.courseId) return courseFamily(intent);
  if (topic.serviceTerms?.length) {
    // "¿cuánto dura?" reads as a course question on its own; "¿y tenéis hueco el sábado?" needs its "y".
    const aboutServices = intent === "salon.services" || intent === "booking" || intent === "booking.availability";
    return courseFamily(intent) || (opener && aboutServices);
  }
  return false;
}

/** The topic's question asked of another course: "precio del expert nails" → "¿y el de acrílico?". */
function sameQuestionOf(plain: Reading, topic: Topic): Reading | null {
  if (plain.courseMentions.length > 0 && courseFamily(topic.intent)) {
    const generic = plain.intent === "None" || GENERIC_COURSE.has(plain.intent) || plain.intent === "salon.services";
    if (!generic) return null;
    const intent =
      topic.intent === "courses.prices"
        ? "courses.price"
        : topic.intent === "courses.list"
          ? "courses.info"
          : topic.intent;
    return { ...plain, intent, courseIds: plain.courseMentions, serviceTerms: [] };
  }
  if (plain.serviceTerms.length > 0 && plain.intent === "None" && topic.intent === "salon.services") {
    return { ...plain, intent: topic.intent };
  }
  return null;
}

/** `plain`: how `clean` (the normalised message) was understood on its own. */
export async function readInContext(
  clean: string,
  plain: Reading,
  topic: Topic | null,
  tools: FollowUpTools,
): Promise<Reading> {
  if (!topic || SMALL_TALK.has(plain.intent)) return plain;
  const shape = followUpShape(clean);
  if (!shape.short) return plain;
  if (plain.courseMentions.length > 0 || plain.serviceTerms.length > 0) {
    const same = sameQuestionOf(plain, topic);
    return same ? { ...same, score: Math.max(plain.score, 0.7) } : plain;
  }
  // "¿y el iphone?": a word the salon never uses is not a follow-up but another subject.
  if (!tools.allWordsKnown(clean)) return plain;
  const general = ALL_OF_THEM.test(clean.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""));
  const inherit =
    plain.intent === "None" ||
    tools.onlyFillers(clean) ||
    (!general && needsSubject(plain.intent, topic, shape.opener));
  if (!inherit) return plain;
  const seeded = `${topicSeed(topic)} ${clean}`;
  const reading = await tools.understand(seeded);
  return reading.intent === "None" ? plain : { ...reading, text: seeded };
}

import type { Db } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { composeAnswer, fallbackAnswer, type AnswerOptions } from "./answers.server.ts";
import { formatTopic, topicOf, type Topic } from "./conversation-topic.ts";
import type { Intent } from "./corpus.ts";
import type { Locale } from "~/i18n/locales.ts";
import { replyLanguage } from "./language.ts";
import { trainClassifier, type Classifier } from "./nlp.server.ts";

interface AssistantReply {
  response: string;
  /** Classifier score of the answered intent (0–1); 0 when the fallback was given. */
  confidence: number;
  intent: Intent;
  /** What this answer was about, for the widget to send back with the next question; null for none. */
  topic: string | null;
  /** The language of the answer: the question's when it is clear, else the page's. */
  language: Locale;
}

interface AskOptions extends Omit<AnswerOptions, "locale"> {
  /** The topic of the previous answer (already checked by parseTopic). */
  topic?: Topic | null;
  /** The language of the page the widget is on (already checked by isLocale); Spanish by default. */
  pageLanguage?: Locale;
}

/** One classifier per language (training.ts says why); each may still be training. */
export type Classifiers = Record<Locale, Classifier | Promise<Classifier>>;

export interface Assistant {
  answer(db: Db, message: string, options?: AskOptions): Promise<AssistantReply>;
}

/** Unanswered questions are kept this long (stated on /privacy), then deleted. */
const CHAT_QUESTION_RETENTION_MONTHS = 12;
const PURGE_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what could identify someone before a question is stored: e-mail
 * addresses, links, long numbers (phones, ids) and any other digit.
 */
export function anonymiseQuestion(text: string): string {
  return text
    .replace(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu, "[correo]")
    .replace(/\b(?:https?:\/\/|www\.)\S+/giu, "[enlace]")
    .replace(/\+?\d[\d\s().-]{5,}\d/g, "[número]")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
}

function retentionCutoff(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - CHAT_QUESTION_RETENTION_MONTHS);
  return cutoff.toISOString();
}

/** Deletes stored questions older than the retention period; returns how many. */
export async function purgeOldChatQuestions(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("chat_questions")
    .where("created_at", "<", retentionCutoff(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** `classifiers` may still be training: answers wait for them. One classifier serves both languages in tests. */
export function createAssistant(
  classifiers: Classifiers | Classifier | Promise<Classifier>,
  logger: Logger,
): Assistant {
  const byLanguage: Classifiers =
    "es" in classifiers && "ca" in classifiers ? classifiers : { es: classifiers, ca: classifiers };
  let lastPurge = Date.now();

  async function remember(db: Db, message: string, guess: string, score: number) {
    try {
      const text = anonymiseQuestion(message);
      if (!text) return;
      await db
        .insertInto("chat_questions")
        .values({ id: newId(), text, intent: guess, score, created_at: new Date().toISOString() })
        .execute();
      // Long-running servers purge daily, not only at start.
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeOldChatQuestions(db);
      }
    } catch (err) {
      // Keeping the question is a nicety: the visitor still gets the fallback answer.
      logger.warn({ err }, "asistente: no se pudo guardar una pregunta sin respuesta");
    }
  }

  return {
    async answer(db, message, { topic = null, pageLanguage = "es", ...options } = {}) {
      const language = replyLanguage(message, pageLanguage);
      const understood = await (await byLanguage[language]).classify(message, topic);
      if (understood.intent === "None") {
        await remember(db, message, understood.guess, understood.score);
        // Not understood: the conversation keeps its topic for the next try.
        return {
          response: fallbackAnswer(language),
          confidence: 0,
          intent: "None",
          topic: topic ? formatTopic(topic) : null,
          language,
        };
      }
      const response = await composeAnswer(
        db,
        { intent: understood.intent, courseIds: understood.courseIds, text: understood.text },
        { ...options, locale: language },
      );
      const next = topicOf(understood);
      return {
        response,
        confidence: Math.round(understood.score * 1000) / 1000,
        intent: understood.intent,
        topic: next ? formatTopic(next) : null,
        language,
      };
    },
  };
}

/**
 * Trains the model once per process, in the background so the server starts
 * listening at once (training takes 0.1–2 s depending on load); the first chat
 * requests wait for it. Also purges expired questions. One log line.
 */
export function startAssistant(db: Db, logger: Logger): Assistant {
  const classifier = trainClassifier({}, "es");
  // Trained after the Spanish one, so Spanish answers are ready first.
  const catalan = classifier.then(() => trainClassifier({}, "ca"));
  Promise.all([classifier, catalan]).then(
    async ([c, ca]) => {
      const purged = await purgeOldChatQuestions(db).catch((err: unknown) => {
        logger.warn({ err }, "asistente: no se pudieron borrar las preguntas caducadas");
        return 0;
      });
      logger.info(
        { intents: c.intentCount, trainingMs: c.trainingMs, trainingMsCa: ca.trainingMs, purged },
        `asistente: NLP.js entrenado en ${c.trainingMs} ms (castellano) y ${ca.trainingMs} ms (catalán), ${c.intentCount} intenciones + None`,
      );
    },
    (err: unknown) => logger.error({ err }, "asistente: no se pudo entrenar el modelo; el chat responderá 503"),
  );
  return createAssistant({ es: classifier, ca: catalan }, logger);
}

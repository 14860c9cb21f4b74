import type { Db } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { composeAnswer, fallbackAnswer, type AnswerOptions } from "./answers.server.ts";
import { formatTopic, topicOf, type Topic } from "./conversation-topic.ts";
import type { Intent } from "./corpus.ts";
import { trainClassifier, type Classifier } from "./nlp.server.ts";

interface AssistantReply {
  response: string;
  /** Classifier score of the answered intent (0–1); 0 when the fallback was given. */
  confidence: number;
  intent: Intent;
  /** What this answer was about, for the widget to send back with the next question; null for none. */
  topic: string | null;
}

interface AskOptions extends AnswerOptions {
  /** The topic of the previous answer (already checked by parseTopic). */
  topic?: Topic | null;
}

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

/** `classifier` may still be training: answers wait for it. */
export function createAssistant(classifier: Classifier | Promise<Classifier>, logger: Logger): Assistant {
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
    async answer(db, message, { topic = null, ...options } = {}) {
      const understood = await (await classifier).classify(message, topic);
      if (understood.intent === "None") {
        await remember(db, message, understood.guess, understood.score);
        // Not understood: the conversation keeps its topic for the next try.
        return { response: fallbackAnswer(), confidence: 0, intent: "None", topic: topic ? formatTopic(topic) : null };
      }
      const response = await composeAnswer(
        db,
        { intent: understood.intent, courseIds: understood.courseIds, text: understood.text },
        options,
      );
      const next = topicOf(understood);
      return {
        response,
        confidence: Math.round(understood.score * 1000) / 1000,
        intent: understood.intent,
        topic: next ? formatTopic(next) : null,
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
  const classifier = trainClassifier();
  classifier.then(
    async (c) => {
      const purged = await purgeOldChatQuestions(db).catch((err: unknown) => {
        logger.warn({ err }, "asistente: no se pudieron borrar las preguntas caducadas");
        return 0;
      });
      logger.info(
        { intents: c.intentCount, trainingMs: c.trainingMs, purged },
        `asistente: NLP.js entrenado en ${c.trainingMs} ms (${c.intentCount} intenciones + None)`,
      );
    },
    (err: unknown) => logger.error({ err }, "asistente: no se pudo entrenar el modelo; el chat responderá 503"),
  );
  return createAssistant(classifier, logger);
}

import type { Locale } from "~/i18n/locales.ts";
import { topicOf } from "./conversation-topic.ts";
import { replyLanguage } from "./language.ts";
import type { Classifier } from "./nlp.server.ts";
import { findServiceTerms } from "./service-mentions.ts";
import type { EvalCase } from "./eval-set.ts";

interface EvalFailure {
  text: string;
  expected: string;
  got: string;
  score: number;
}

export interface EvalReport {
  onTopic: number;
  offTopic: number;
  /** Share of on-topic questions given the right intent (and the right course when one is named). */
  intentAccuracy: number;
  /** Share of off-topic questions answered with the fallback. */
  offTopicRejection: number;
  p50Ms: number;
  p95Ms: number;
  failures: EvalFailure[];
}

/**
 * The classifier the assistant uses for each question on a page in `pageLanguage`
 * (assistant.server.ts does the same): the question's language when it is clear.
 */
export function routedClassifier(classifiers: Record<Locale, Classifier>, pageLanguage: Locale): Classifier {
  return {
    intentCount: classifiers[pageLanguage].intentCount,
    trainingMs: classifiers[pageLanguage].trainingMs,
    classify: (text, topic) => classifiers[replyLanguage(text, pageLanguage)].classify(text, topic),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs every case through the classifier once and times it. `warmUp` texts (the
 * training corpus) run first so the JIT is warm but no evaluation question is
 * in NLP.js's tokenisation cache: each timing is a first-time question.
 */
export async function evaluate(classifier: Classifier, cases: EvalCase[], warmUp: string[] = []): Promise<EvalReport> {
  for (const text of warmUp) await classifier.classify(text);
  const times: number[] = [];
  const failures: EvalFailure[] = [];
  let onTopic = 0;
  let onTopicOk = 0;
  let offTopic = 0;
  let offTopicOk = 0;
  for (const c of cases) {
    // A follow-up is read after the question it follows, with the topic the widget would send back.
    const topic = c.after ? topicOf(await classifier.classify(c.after)) : null;
    const t0 = performance.now();
    const got = await classifier.classify(c.text, topic);
    times.push(performance.now() - t0);
    const courseOk = !c.courseId || got.courseIds[0] === c.courseId;
    const serviceOk = !c.service || findServiceTerms(got.text).includes(c.service);
    const ok = got.intent === c.intent && courseOk && serviceOk;
    if (c.intent === "None") {
      offTopic += 1;
      if (ok) offTopicOk += 1;
    } else {
      onTopic += 1;
      if (ok) onTopicOk += 1;
    }
    if (!ok) {
      failures.push({
        text: c.after ? `${c.after} → ${c.text}` : c.text,
        expected: c.courseId ? `${c.intent} [${c.courseId}]` : c.intent,
        got: got.courseIds.length ? `${got.intent} [${got.courseIds.join(", ")}]` : got.intent,
        score: got.score,
      });
    }
  }
  times.sort((a, b) => a - b);
  return {
    onTopic,
    offTopic,
    intentAccuracy: onTopic ? onTopicOk / onTopic : 0,
    offTopicRejection: offTopic ? offTopicOk / offTopic : 0,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    failures,
  };
}

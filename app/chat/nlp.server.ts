import nlpCore, { type NlpContainer } from "@nlpjs/core";
import nlpNlp from "@nlpjs/nlp";
import nlpLangEs from "@nlpjs/lang-es";
import type { Intent } from "./corpus.ts";
import { withoutOpener, type Topic } from "./conversation-topic.ts";
import { courseMatcher, replaceMentions } from "./course-mentions.ts";
import { readInContext, type Reading } from "./follow-up.ts";
import { greetingStripper } from "./greeting-stripper.ts";
import { normalizeMessage } from "./normalize.ts";
import { serviceReading } from "./service-intent.ts";
import type { Locale } from "~/i18n/locales.ts";
import { plainCatalan, trainingData } from "./training.ts";
import { isKnownWord, typoFixer } from "./typo-fix.ts";
import { findServiceTerms } from "./service-mentions.ts";

/** Below this classifier score the assistant admits it did not understand (tuned with `npm run chat:eval`). */
const CONFIDENCE_THRESHOLD = 0.7;

/**
 * Off-topic guard: a short question with a word the salon's corpus never uses
 * ("¿a qué hora abre el supermercado?") is about something else, however well
 * "a qué hora abre" matches the opening-hours intent. Questions with more than
 * this many known words are trusted to the classifier.
 */
const OOV_MAX_KNOWN_WORDS = 3;

/** Longest text handed to the classifier; the API refuses longer messages anyway. */
const MAX_CHARS = 500;

/**
 * What was understood: `intent`, its classifier `score` (0–1), the classifier's
 * best `guess` even when rejected (kept with unanswered questions), the course
 * ids and service words named (in order of appearance, without repeats) and the
 * `text` the answer reads (with the topic's words when read as a follow-up).
 */
type Understanding = Reading;

const NOTHING: Understanding = {
  intent: "None",
  score: 0,
  guess: "None",
  courseIds: [],
  courseMentions: [],
  serviceTerms: [],
  text: "",
};

export interface Classifier {
  /** `topic`: what the previous answer was about, to read a short follow-up in its context. */
  classify(text: string, topic?: Topic | null): Promise<Understanding>;
  intentCount: number;
  trainingMs: number;
}

/**
 * "Price of a named course" and "prices in general" (likewise one course's
 * details and the course list) differ only in whether a course is named, which
 * the entity extractor knows better than the classifier.
 */
function withCourse(intent: Intent, named: boolean): Intent {
  if (named && intent === "courses.prices") return "courses.price";
  if (!named && intent === "courses.price") return "courses.prices";
  if (named && intent === "courses.list") return "courses.info";
  if (!named && intent === "courses.info") return "courses.list";
  return intent;
}

const noop = () => undefined;
const silentLogger = { debug: noop, info: noop, warn: noop, error: noop, log: noop, trace: noop, fatal: noop };

interface NluTuning {
  keepStopwords: boolean;
  nonefeatureValue: number;
  nonedeltaMultiplier: number;
  /** Weight of the "unknown word" feature that pushes towards None (NLP.js default: intents / features). */
  nonedeltaValue?: number;
  spellCheck: boolean;
  spellCheckDistance: number;
  filterZeros: boolean;
  /** Our confidence threshold (CONFIDENCE_THRESHOLD unless tuning). */
  minScore?: number;
  /** OOV_MAX_KNOWN_WORDS unless tuning. */
  maxKnownForOov?: number;
}

/** NLP.js's defaults for every language ("nlu-??"), repeated because registering replaces them. */
const NLU_SETTINGS: NluTuning = {
  keepStopwords: true,
  nonefeatureValue: 1,
  nonedeltaMultiplier: 1.2,
  spellCheck: false,
  spellCheckDistance: 1,
  filterZeros: true,
};

interface TextTools {
  normalize(text: string): string;
  tokenize(text: string, normalize?: boolean): string[];
  isStopword(token: string): boolean;
  stem(tokens: string[]): string[];
}

/**
 * Normalised, stemmed tokens, as NLP.js's Spanish pipeline sees them: without
 * stop words unless `keepStopwords` (filler words such as "poco" are stop words
 * themselves, yet their forms "pocas", "poquito" are not).
 */
function contentStemmer(container: NlpContainer): (text: string, keepStopwords?: boolean) => string[] {
  const normalizer = container.get<TextTools>("normalizer-es");
  const tokenizer = container.get<TextTools>("tokenizer-es");
  const stopwords = container.get<TextTools>("stopwords-es");
  const stemmer = container.get<TextTools>("stemmer-es");
  return (text, keepStopwords = false) => {
    const tokens = tokenizer.tokenize(normalizer.normalize(text.replace(/@curso/g, " ")), false);
    return stemmer.stem(keepStopwords ? tokens : tokens.filter((t) => !stopwords.isStopword(t)));
  };
}

/** The part of NLP.js's `Nlp` object used here (the library ships no types). */
interface NlpEngine {
  settings: Record<string, unknown>;
  addLanguage(locale: string): void;
  addDocument(locale: string, utterance: string, intent: string): void;
  train(): Promise<void>;
  nluManager: {
    process(input: {
      locale: string;
      utterance: string;
      settings: Record<string, unknown>;
    }): Promise<{ intent?: string; score?: number }>;
  };
}

/**
 * Trains the model of one language (training.ts: Catalan's also knows the Spanish corpus) in memory (nothing is read from or
 * written to disk). Takes well under a second on this corpus.
 */
export async function trainClassifier(tuning: Partial<NluTuning> = {}, language: Locale = "es"): Promise<Classifier> {
  const { corpus, courseAliases, fillerWords, materialWords, greetingOpeners } = trainingData(language);
  const nluSettings = { ...NLU_SETTINGS, ...tuning };
  const nluProcessSettings = {
    // Off by default: words never seen in training push the answer towards None.
    useNoneFeature: true,
    log: false,
    ...(nluSettings.nonedeltaValue === undefined ? {} : { nonedeltaValue: nluSettings.nonedeltaValue }),
  };
  const started = performance.now();
  const container = nlpCore.containerBootstrap();
  // NLP.js logs every training epoch and corpus warnings to the console by default.
  container.register("logger", silentLogger);
  container.registerConfiguration("nlu-??", { ...nluSettings, log: false }, true);
  container.use(nlpLangEs.LangEs);
  const nlp = new nlpNlp.Nlp({
    container,
    autoSave: false,
    autoLoad: false,
    calculateSentiment: false,
    nlu: nluProcessSettings,
  }) as NlpEngine;
  nlp.addLanguage("es");
  let intentCount = 0;
  for (const [intent, utterances] of Object.entries(corpus)) {
    if (intent !== "None") intentCount += 1;
    for (const u of utterances) nlp.addDocument("es", u, intent);
  }
  await nlp.train();
  const contentStems = contentStemmer(container);
  // Words the salon's questions use. "@curso" stands for any recognised course name.
  const onTopicVocabulary = new Set<string>();
  for (const [intent, utterances] of Object.entries(corpus)) {
    if (intent === "None") continue;
    for (const u of utterances) for (const stem of contentStems(u)) onTopicVocabulary.add(stem);
  }
  const fillerStems = new Set(contentStems(fillerWords.join(" "), true));
  for (const stem of fillerStems) onTopicVocabulary.add(stem);
  const withoutGreeting = greetingStripper(greetingOpeners);
  const fixTypos = typoFixer(
    Object.values(corpus)
      .flat()
      .concat(fillerWords)
      .flatMap((u) => u.match(/\p{L}+/gu) ?? []),
  );
  const materialStems = new Set(contentStems(materialWords.join(" "), true));
  const courses = courseMatcher(courseAliases);
  const minScore = nluSettings.minScore ?? CONFIDENCE_THRESHOLD;
  const trainingMs = Math.round(performance.now() - started);

  // Every stem the network was trained on, None's included.
  const trainedStems = new Set<string>();
  for (const utterances of Object.values(corpus))
    for (const u of utterances) for (const stem of contentStems(u, true)) trainedStems.add(stem);
  /**
   * "¿suele haber sitio?": a filler word the network never saw counts as an unknown word and pushes the
   * answer towards None, although fillerWords says it tells nothing about the topic. Such words are left out.
   */
  const withoutUnseenFillers = (utterance: string) =>
    utterance
      .split(/\s+/)
      .filter((word) => {
        const stems = contentStems(word, true);
        return stems.length === 0 || !stems.every((s) => fillerStems.has(s) && !trainedStems.has(s));
      })
      .join(" ");

  /** NLP.js's intent classifier alone (its NER is replaced by course-mentions.ts). */
  async function classifyIntent(text: string): Promise<{ intent: string; score: number }> {
    const utterance = withoutUnseenFillers(text);
    const out = await nlp.nluManager.process({ locale: "es", utterance, settings: { ...nluProcessSettings } });
    return { intent: out.intent ?? "None", score: out.score ?? 0 };
  }

  async function understand(clean: string): Promise<Understanding> {
    const reading = await understandCourses(clean);
    const serviceTerms = findServiceTerms(clean);
    const { intent, courseIds } = serviceReading(clean, reading, reading.courseTexts);
    return {
      intent,
      score: reading.score,
      guess: reading.guess,
      courseIds,
      courseMentions: reading.courseIds,
      serviceTerms,
      text: clean,
    };
  }

  async function understandCourses(clean: string) {
    const mentions = courses.find(clean);
    const courseIds = [...new Set(mentions.map((m) => m.courseId))];
    let out = await classifyIntent(clean);
    if (mentions.length > 0) {
      // As NLP.js does with entities: also try the sentence with the course as "@curso", keep the better reading.
      const templated = await classifyIntent(replaceMentions(clean, mentions, "@curso"));
      // Between two questions about courses, the template decides: words of the course's name ("formación de
      // inicio", "curso intensivo") must not turn "¿qué se ve en …?" into a question about start dates.
      const bothAboutCourses =
        templated.intent.startsWith("courses.") && (out.intent === "None" || out.intent.startsWith("courses."));
      if (bothAboutCourses && templated.score >= minScore) out = templated;
      else if (templated.score > out.score || out.intent === "None") out = templated;
    }
    const known = out.intent in corpus;
    let intent = known && out.score >= minScore ? (out.intent as Intent) : "None";
    // A named course makes the question on-topic whatever else it says.
    if (intent !== "None" && courseIds.length === 0) {
      const stems = contentStems(clean);
      const unknown = stems.filter((s) => !isKnownWord(s, onTopicVocabulary)).length;
      if (unknown > 0 && stems.length - unknown <= (nluSettings.maxKnownForOov ?? OOV_MAX_KNOWN_WORDS)) intent = "None";
    }
    if (
      (intent === "courses.price" || intent === "courses.prices") &&
      contentStems(clean).some((s) => materialStems.has(s))
    )
      intent = "courses.materials";
    const courseTexts = mentions.map((m) => clean.slice(m.start, m.end));
    return {
      intent: withCourse(intent, courseIds.length > 0),
      score: out.score,
      guess: out.intent,
      courseIds,
      courseTexts,
    };
  }

  /** Only filler words: "¿y los sábados?". */
  const onlyFillers = (text: string) => contentStems(text).every((s) => fillerStems.has(s));
  const followUpTools = {
    understand,
    onlyFillers,
    allWordsKnown: (text: string) => contentStems(text).every((s) => isKnownWord(s, onTopicVocabulary)),
  };

  /** A message on its own: the question after a salutation, if there is one. */
  async function classifyAlone(clean: string): Promise<Understanding> {
    const rest = withoutGreeting(clean);
    if (rest !== clean) {
      // "hola, una pregunta", "holaaa como va": a salutation and small talk is a greeting.
      if (onlyFillers(rest)) {
        return { ...NOTHING, intent: "greeting", score: 1, guess: "greeting", text: clean };
      }
      // "hola buenas, ¿qué cursos tenéis?": the question after the salutation is what needs an answer.
      const question = await understand(rest);
      if (question.intent !== "None") return question;
    }
    return understand(clean);
  }

  return {
    intentCount,
    trainingMs,
    async classify(text, topic = null) {
      const clean = fixTypos(normalizeMessage(plainCatalan(text.slice(0, MAX_CHARS))));
      if (!clean) return { ...NOTHING, text };
      // "¿y el precio?": the opening "y" ties it to the conversation; the question is what follows it
      // (unless that alone means nothing: "y si al final no puedo ir…").
      const bare = withoutOpener(clean);
      let plain = await classifyAlone(bare);
      if (plain.intent === "None" && bare !== clean) plain = await classifyAlone(clean);
      return readInContext(withoutGreeting(clean), plain, topic, followUpTools);
    },
  };
}

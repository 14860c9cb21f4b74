import { beforeAll, describe, expect, it } from "vitest";
import { corpus, courseAliases, INTENTS } from "./corpus.ts";
import { evalSet } from "./eval-set.ts";
import { evaluate, type EvalReport } from "./evaluate.ts";
import { normalizeMessage } from "./normalize.ts";
import { trainClassifier } from "./nlp.server.ts";

// Regression gate for the assistant (issue 6). Latency is measured by `npm run chat:eval`, not here:
// shared CI machines make timing assertions flaky.
let report: EvalReport;
beforeAll(async () => {
  report = await evaluate(await trainClassifier(), evalSet);
});

const fold = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
const aliases = Object.values(courseAliases)
  .flat()
  .map(fold)
  .concat(["expert nails", "expret nails", "tecnico manicurista"])
  .sort((a, b) => b.length - a.length);
/** Compares questions as templates: accents, case, shorthand and the course named do not count. */
function key(text: string): string {
  let k = fold(normalizeMessage(text.replace(/@curso/g, "expert nails")))
    .replace(/[^\p{L}\p{N} ]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  for (const a of aliases) k = k.split(a).join("@curso");
  return k;
}

describe("evaluation set", () => {
  it("is big enough, covers every intent and is disjoint from the training corpus", () => {
    expect(evalSet.length).toBeGreaterThanOrEqual(300);
    expect(evalSet.filter((c) => c.intent === "None").length).toBeGreaterThanOrEqual(75);
    // Issue item 14: follow-ups read in context and questions about the service menu.
    expect(evalSet.filter((c) => c.after).length).toBeGreaterThanOrEqual(15);
    expect(evalSet.filter((c) => c.service).length).toBeGreaterThanOrEqual(30);
    expect(INTENTS.length).toBeGreaterThanOrEqual(15);
    for (const intent of INTENTS)
      expect(
        evalSet.some((c) => c.intent === intent),
        intent,
      ).toBe(true);
    const trained = new Set(Object.values(corpus).flat().map(key));
    expect(evalSet.map((c) => c.text).filter((t) => trained.has(key(t)))).toEqual([]);
  });
});

describe("assistant quality", () => {
  // The target (see chat:eval).
  it("understands at least 97 % of the salon questions", () => {
    const followUps = evalSet.filter((c) => c.after).length;
    console.info(
      `Asistente: acierto de intención ${(report.intentAccuracy * 100).toFixed(1)} % en ${report.onTopic} preguntas del salón (${followUps} en contexto), rechazo fuera de tema ${(report.offTopicRejection * 100).toFixed(1)} % en ${report.offTopic}`,
    );
    expect(report.intentAccuracy, JSON.stringify(report.failures, null, 1)).toBeGreaterThanOrEqual(0.97);
  });

  it("rejects at least 95 % of the off-topic questions", () => {
    expect(report.offTopicRejection, JSON.stringify(report.failures, null, 1)).toBeGreaterThanOrEqual(0.95);
  });
});

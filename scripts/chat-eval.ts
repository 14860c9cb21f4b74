// `npm run chat:eval`: how well the assistant understands questions it was not trained on, in Spanish and in
// Catalan (issue 34: each language its own labelled set, the same bar).
// Targets (issue 6, raised since): intent accuracy ≥ 97 %, off-topic rejection ≥ 95 %, p95 < 10 ms in process.
import { registerAppAlias } from "./lib/app-alias.ts";

// The app's modules import "~/…" (a Vite alias).
registerAppAlias(new URL("..", import.meta.url).pathname);
const { corpus } = await import("../app/chat/corpus.ts");
const { corpusCa } = await import("../app/chat/corpus-ca.ts");
const { evalSet } = await import("../app/chat/eval-set.ts");
const { evalSetCa } = await import("../app/chat/eval-set-ca.ts");
const { evaluate, routedClassifier } = await import("../app/chat/evaluate.ts");
const { trainClassifier } = await import("../app/chat/nlp.server.ts");

const es = await trainClassifier({}, "es");
const ca = await trainClassifier({}, "ca");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const verdict = (ok: boolean) => (ok ? "OK" : "POR DEBAJO DEL OBJETIVO");

const runs = [
  {
    name: "Castellano",
    cases: evalSet,
    classifier: es,
    warmUp: Object.values(corpus).flat(),
    trainingMs: es.trainingMs,
  },
  {
    name: "Catalán (página en catalán)",
    cases: evalSetCa,
    classifier: routedClassifier({ es, ca }, "ca"),
    warmUp: Object.values(corpusCa).flat(),
    trainingMs: ca.trainingMs,
  },
];

let ok = true;
for (const run of runs) {
  const r = await evaluate(run.classifier, run.cases, run.warmUp);
  console.log(`\n== ${run.name} ==`);
  console.log(`Entrenamiento: ${run.classifier.intentCount} intenciones + None en ${run.trainingMs} ms`);
  console.log(`Preguntas: ${run.cases.length} (${r.onTopic} del salón, ${r.offTopic} fuera de tema)`);
  console.log(
    `Acierto de intención:      ${pct(r.intentAccuracy)}  (objetivo ≥ 97 %)  ${verdict(r.intentAccuracy >= 0.97)}`,
  );
  console.log(
    `Rechazo fuera de tema:     ${pct(r.offTopicRejection)}  (objetivo ≥ 95 %)  ${verdict(r.offTopicRejection >= 0.95)}`,
  );
  console.log(
    `Latencia p50 / p95:        ${r.p50Ms.toFixed(2)} ms / ${r.p95Ms.toFixed(2)} ms  (objetivo p95 < 10 ms)  ${verdict(r.p95Ms < 10)}  [cada pregunta, primera vez]`,
  );
  if (r.failures.length) {
    console.log("\nFallos:");
    for (const f of r.failures) console.log(`  «${f.text}» → ${f.got} (${f.score.toFixed(2)}), esperado ${f.expected}`);
  }
  ok &&= r.intentAccuracy >= 0.97 && r.offTopicRejection >= 0.95 && r.p95Ms < 10;
}
process.exitCode = ok ? 0 : 1;

import { describe, expect, it } from "vitest";
import type { Intent } from "./corpus.ts";
import { readInContext, type FollowUpTools, type Reading } from "./follow-up.ts";

const reading = (intent: Intent, more: Partial<Reading> = {}): Reading => ({
  intent,
  score: intent === "None" ? 0.4 : 1,
  guess: intent,
  courseIds: [],
  courseMentions: [],
  serviceTerms: [],
  text: "",
  ...more,
});

/** A stand-in classifier: the seeded text decides. */
function tools(answers: Record<string, Reading>, known = true): FollowUpTools & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    understand: (text) => {
      asked.push(text);
      return Promise.resolve({ ...(answers[text] ?? reading("None")), text });
    },
    allWordsKnown: () => known,
    onlyFillers: (text) => /^¿?y (los|el) (sábados|domingo)\??$/.test(text),
  };
}

describe("readInContext", () => {
  it("reads a bare follow-up with a word of the topic", async () => {
    const t = tools({ "qué horario tenéis ¿y los sábados?": reading("salon.hours") });
    const r = await readInContext("¿y los sábados?", reading("None"), { intent: "salon.hours" }, t);
    expect(r.intent).toBe("salon.hours");
    expect(r.text).toBe("qué horario tenéis ¿y los sábados?");
  });

  it("gives a subject-less question the topic's course or service", async () => {
    const t = tools({ "pedicura ¿y cuánto dura?": reading("salon.services", { serviceTerms: ["pedicura"] }) });
    const r = await readInContext(
      "¿y cuánto dura?",
      reading("courses.duration"),
      { intent: "salon.services", serviceTerms: ["pedicura"] },
      t,
    );
    expect(r.intent).toBe("salon.services");
    expect(r.serviceTerms).toEqual(["pedicura"]);
  });

  it("asks the topic's question of another course", async () => {
    const plain = reading("courses.info", {
      courseIds: ["iniciacion-acrilico"],
      courseMentions: ["iniciacion-acrilico"],
    });
    const r = await readInContext(
      "y el de acrilico?",
      plain,
      { intent: "courses.price", courseId: "expert-nails" },
      tools({}),
    );
    expect(r.intent).toBe("courses.price");
    expect(r.courseIds).toEqual(["iniciacion-acrilico"]);
  });

  it("leaves alone what has no topic, states its own question, is long or has unknown words", async () => {
    const t = tools({});
    const contact = reading("salon.contact");
    expect(await readInContext("telefono porfa", contact, { intent: "salon.hours" }, t)).toBe(contact);
    const none = reading("None");
    expect(await readInContext("¿y los sábados?", none, null, t)).toBe(none);
    const long = "y si os digo que quiero saber una cosa que no tiene nada que ver";
    expect(await readInContext(long, none, { intent: "salon.hours" }, t)).toBe(none);
    expect(await readInContext("¿y el iphone?", none, { intent: "salon.hours" }, tools({}, false))).toBe(none);
    expect(t.asked).toEqual([]);
    // "qué servicios hacéis" asks for the whole menu, not the service talked about.
    const menu = reading("salon.services");
    expect(
      await readInContext("qué servicios hacéis", menu, { intent: "salon.services", serviceTerms: ["cejas"] }, t),
    ).toBe(menu);
  });
});

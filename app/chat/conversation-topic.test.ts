import { describe, expect, it } from "vitest";
import { followUpShape, formatTopic, parseTopic, topicOf, topicSeed, withoutOpener } from "./conversation-topic.ts";

describe("conversation topic", () => {
  it("marks what an answer was about, and nothing for small talk", () => {
    const none = { courseIds: [], serviceTerms: [] };
    expect(topicOf({ intent: "salon.hours", ...none })).toEqual({ intent: "salon.hours" });
    expect(topicOf({ intent: "courses.price", courseIds: ["expert-nails"], serviceTerms: [] })).toEqual({
      intent: "courses.price",
      courseId: "expert-nails",
    });
    expect(topicOf({ intent: "salon.services", courseIds: [], serviceTerms: ["manicura", "semipermanente"] })).toEqual({
      intent: "salon.services",
      serviceTerms: ["manicura", "semipermanente"],
    });
    // Service words only count for service answers.
    expect(topicOf({ intent: "salon.hours", courseIds: [], serviceTerms: ["manicura"] })).toEqual({
      intent: "salon.hours",
    });
    for (const intent of ["greeting", "thanks", "goodbye", "None"] as const)
      expect(topicOf({ intent, ...none })).toBeNull();
  });

  it("round-trips through the marker the widget echoes", () => {
    for (const topic of [
      { intent: "salon.hours" as const },
      { intent: "courses.dates" as const, courseId: "iniciacion-acrilico" },
      { intent: "salon.services" as const, serviceTerms: ["pedicura", "semipermanente"] },
    ]) {
      expect(parseTopic(formatTopic(topic))).toEqual(topic);
    }
    expect(formatTopic({ intent: "salon.services", serviceTerms: ["manicura", "semipermanente"] })).toBe(
      "salon.services:manicura+semipermanente",
    );
  });

  it("refuses any marker the server could not have written", () => {
    for (const raw of [
      undefined,
      null,
      42,
      "",
      "greeting",
      "None",
      "salon.hours.extra",
      "courses.price:no-such-course",
      "courses.price:expert-nails:more",
      "salon.services:manicura+manicura",
      "salon.services:a+b+c+d",
      "salon.services:__proto__",
      "salon.services:manicura+pedicura+cejas+gel",
      "x".repeat(500),
      "salon.hours:<script>",
    ]) {
      expect(parseTopic(raw), String(raw)).toBeNull();
    }
  });

  it("seeds a follow-up with the course, the service or a word of the intent", () => {
    expect(topicSeed({ intent: "courses.price", courseId: "expert-nails" })).toBe("expert nails");
    expect(topicSeed({ intent: "salon.services", serviceTerms: ["pestanas"] })).toBe("pestañas");
    expect(topicSeed({ intent: "salon.hours" })).toBe("qué horario tenéis");
  });

  it("recognises the shape of a follow-up", () => {
    expect(followUpShape("¿y los sábados?")).toEqual({ short: true, opener: true });
    expect(followUpShape("cuanto dura?")).toEqual({ short: true, opener: false });
    expect(followUpShape("yo quería saber cuánto cuesta la pedicura con semipermanente")).toEqual({
      short: false,
      opener: false,
    });
    expect(withoutOpener("¿y el teléfono?")).toBe("el teléfono?");
    expect(withoutOpener("y")).toBe("y");
    expect(withoutOpener("yo quiero cita")).toBe("yo quiero cita");
  });
});

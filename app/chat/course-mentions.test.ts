import { describe, expect, it } from "vitest";
import { courseAliases } from "./corpus.ts";
import { courseMatcher, replaceMentions } from "./course-mentions.ts";

const matcher = courseMatcher(courseAliases);
const ids = (text: string) => matcher.find(text).map((m) => m.courseId);

describe("course mentions", () => {
  it("finds course names without accents, in any case, with one typo per long word", () => {
    expect(ids("¿cuánto cuesta el Expert Nails?")).toEqual(["expert-nails"]);
    expect(ids("cuanto cuesta el expret nails")).toEqual(["expert-nails"]);
    expect(ids("precio tecnico manicurista")).toEqual(["tecnico-manicurista"]);
    expect(ids("info de la formacion de inicio")).toEqual(["formacion-inicio"]);
    expect(ids("el curso de ACRILICO")).toEqual(["iniciacion-acrilico"]);
  });

  it("finds several courses in order and prefers the longest name", () => {
    expect(ids("diferencia entre el técnico manicurista y el expert nails")).toEqual([
      "tecnico-manicurista",
      "expert-nails",
    ]);
    expect(ids("intensivo de acrílico")).toEqual(["iniciacion-acrilico"]);
    expect(matcher.find("intensivo de acrílico")).toHaveLength(1);
  });

  it("does not see a course in ordinary words", () => {
    expect(ids("¿cuál es la fecha de inicio?")).toEqual([]);
    expect(ids("¿qué cursos tenéis?")).toEqual([]);
    expect(ids("soy experta en uñas")).toEqual([]);
  });

  it("replaces mentions with the training token", () => {
    const text = "¿cuánto cuesta el expret nails?";
    expect(replaceMentions(text, matcher.find(text), "@curso")).toBe("¿cuánto cuesta el @curso?");
  });
});

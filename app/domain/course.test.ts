import { describe, expect, it } from "vitest";
import { COURSE_FILTERS, filterCourses, groupSizeText, isBookable, parseCourseFilter, seatsLeft, unavailableLabel } from "./course.ts";

const courses = [
  { id: "a", category: "iniciacion" as const },
  { id: "b", category: "profesional" as const },
  { id: "c", category: "experto" as const },
  { id: "d", category: "intensivo" as const },
  { id: "e", category: "iniciacion" as const },
];

describe("course filter", () => {
  it("has the five options of the spec in order", () => {
    expect(COURSE_FILTERS.map((f) => f.name)).toEqual([
      "Todos los cursos",
      "Nivel iniciación",
      "Nivel profesional",
      "Nivel experto",
      "Intensivos",
    ]);
  });
  it("parses ?categoria= and falls back to todos", () => {
    expect(parseCourseFilter("experto")).toBe("experto");
    expect(parseCourseFilter("todos")).toBe("todos");
    expect(parseCourseFilter("EXPERTO")).toBe("todos");
    expect(parseCourseFilter(null)).toBe("todos");
    expect(parseCourseFilter("<script>")).toBe("todos");
  });
  it("todos keeps every course in order", () => {
    expect(filterCourses(courses, "todos").map((c) => c.id)).toEqual(["a", "b", "c", "d", "e"]);
  });
  it("a category keeps only its courses", () => {
    expect(filterCourses(courses, "iniciacion").map((c) => c.id)).toEqual(["a", "e"]);
    expect(filterCourses(courses, "intensivo").map((c) => c.id)).toEqual(["d"]);
  });
});

describe("seatsLeft", () => {
  it("is seats minus taken, never negative", () => {
    expect(seatsLeft(12, 5)).toBe(7);
    expect(seatsLeft(6, 9)).toBe(0);
  });
});

describe("isBookable / unavailableLabel", () => {
  it("only an open edition with a seat left can be chosen", () => {
    expect(isBookable({ status: "open", seatsLeft: 1 })).toBe(true);
    expect(unavailableLabel({ status: "open", seatsLeft: 1 })).toBeNull();
  });
  it("a full edition reads Completo, a closed one Inscripción cerrada", () => {
    expect(isBookable({ status: "open", seatsLeft: 0 })).toBe(false);
    expect(unavailableLabel({ status: "open", seatsLeft: 0 })).toBe("Completo");
    expect(unavailableLabel({ status: "full", seatsLeft: 3 })).toBe("Completo");
    expect(unavailableLabel({ status: "closed", seatsLeft: 3 })).toBe("Inscripción cerrada");
  });
});

describe("groupSizeText", () => {
  it("states the range of the courses' own group sizes", () => {
    expect(groupSizeText([{ classSize: 15 }, { classSize: 6 }, { classSize: 12 }])).toBe("Grupos de 6 a 15 alumnos");
  });
  it("says the one size when every course has it, and nothing precise without courses", () => {
    expect(groupSizeText([{ classSize: 8 }, { classSize: 8 }])).toBe("Grupos de máximo 8 alumnos");
    expect(groupSizeText([])).toBe("Grupos reducidos");
  });
});

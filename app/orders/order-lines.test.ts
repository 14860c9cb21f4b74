import { describe, expect, it } from "vitest";
import { courseLines } from "./order-lines.ts";

describe("courseLines", () => {
  it("keeps the lines that sell a course, in order, and drops a service's", () => {
    const items = [
      { id: "a", course_id: "expert-nails", service_id: null },
      { id: "b", course_id: null, service_id: "semipermanente" },
      { id: "c", course_id: "formacion-inicio", service_id: null },
    ];
    expect(courseLines(items).map((i) => i.id)).toEqual(["a", "c"]);
  });

  it("gives nothing for an order of deposit lines", () => {
    expect(courseLines([{ course_id: null }])).toEqual([]);
  });
});

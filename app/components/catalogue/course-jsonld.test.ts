import { describe, expect, it } from "vitest";
import type { Course } from "~/domain/course.ts";
import { courseListJsonLd, coursePageJsonLd } from "./course-jsonld.ts";

const course: Course = {
  id: "formacion-inicio",
  title: "Formación de inicio",
  category: "iniciacion",
  description: "Curso presencial de iniciación.",
  priceCents: 28000,
  originalPriceCents: 35000,
  duration: "3 días",
  classSize: 8,
  level: "Principiante",
  features: ["Material incluido"],
  image: "course-inicio",
  highlighted: false,
  active: true,
  nextEdition: {
    id: "e1",
    courseId: "formacion-inicio",
    startsOn: "2027-02-09",
    endsOn: "2027-02-11",
    seats: 8,
    seatsLeft: 8,
    status: "open",
    schedule: "",
  },
};

describe("course JSON-LD", () => {
  it("publishes no rating: no review exists in the data", () => {
    const texts = [
      JSON.stringify(coursePageJsonLd(course, [course.nextEdition!], "https://x.es")),
      JSON.stringify(courseListJsonLd([course], "https://x.es")),
    ];
    for (const text of texts) {
      expect(text).not.toContain("AggregateRating");
      expect(text).not.toContain("ratingValue");
      // The course itself, its offer and edition are still there.
      expect(text).toContain('"@type":"Course"');
      expect(text).toContain('"price":"280.00"');
      expect(text).toContain("2027-02-09");
    }
  });
});

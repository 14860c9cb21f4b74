import { describe, expect, it } from "vitest";
import { enrollmentStage, enrollmentStageText } from "./enrollment-stage.ts";

describe("enrollmentStage", () => {
  it("follows the booked edition's dates", () => {
    expect(enrollmentStage(null, null, "2027-02-01")).toBe("unscheduled");
    expect(enrollmentStage("2027-02-09", "2027-02-11", "2027-02-08")).toBe("upcoming");
    expect(enrollmentStage("2027-02-09", "2027-02-11", "2027-02-09")).toBe("in-progress");
    expect(enrollmentStage("2027-02-09", "2027-02-11", "2027-02-11")).toBe("in-progress");
    expect(enrollmentStage("2027-02-09", "2027-02-11", "2027-02-12")).toBe("finished");
    // A one-day course.
    expect(enrollmentStage("2027-03-01", null, "2027-03-01")).toBe("in-progress");
    expect(enrollmentStage("2027-03-01", null, "2027-03-02")).toBe("finished");
  });

  it("says it in Spanish", () => {
    expect(enrollmentStageText("upcoming", "2027-02-09")).toBe("Empieza el 9 de febrero de 2027");
    expect(enrollmentStageText("in-progress", "2027-02-09")).toBe("En curso");
    expect(enrollmentStageText("finished", "2027-02-09")).toBe("Finalizado");
    expect(enrollmentStageText("unscheduled", null)).toMatch(/^Fecha por confirmar/);
  });
});

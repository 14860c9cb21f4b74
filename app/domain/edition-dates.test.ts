import { describe, expect, it } from "vitest";
import { editionDatesText, nextDateText, UNDATED_EDITION, UNDATED_EDITION_NOTICE } from "./edition-dates.ts";

describe("editionDatesText", () => {
  it("writes a multi-day edition as its first and last day", () => {
    expect(editionDatesText("2027-02-09", "2027-02-11")).toBe("9 de febrero de 2027 – 11 de febrero de 2027");
    expect(editionDatesText("2027-12-30", "2028-01-02")).toBe("30 de diciembre de 2027 – 2 de enero de 2028");
  });

  it("writes a one-day edition as that day, with or without its end date", () => {
    expect(editionDatesText("2027-03-01", null)).toBe("1 de marzo de 2027");
    expect(editionDatesText("2027-03-01", "2027-03-01")).toBe("1 de marzo de 2027");
  });

  it("says an undated edition's date is to be confirmed", () => {
    expect(editionDatesText(null, null)).toBe("Fecha por confirmar");
    expect(editionDatesText(null, "2027-03-01")).toBe(UNDATED_EDITION);
    expect(UNDATED_EDITION_NOTICE).toMatch(/^Fecha por confirmar: /);
  });
});

describe("nextDateText", () => {
  it("gives the month of a course's next edition, or says new dates are coming", () => {
    const edition = {
      id: "e1",
      courseId: "c1",
      startsOn: "2027-02-09",
      endsOn: null,
      seats: 10,
      seatsLeft: 3,
      status: "open" as const,
      schedule: "",
    };
    expect(nextDateText({ nextEdition: edition })).toBe("febrero de 2027");
    expect(nextDateText({ nextEdition: null })).toBe("nuevas fechas próximamente");
  });
});

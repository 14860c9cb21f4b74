// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CourseEdition } from "~/domain/course.ts";
import { defaultEditionId, EditionChoices } from "./edition-choices.tsx";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";

const edition = (id: string, startsOn: string, over: Partial<CourseEdition> = {}): CourseEdition => ({
  id,
  courseId: "expert-nails",
  startsOn,
  endsOn: startsOn,
  seats: 8,
  seatsLeft: 8,
  status: "open",
  schedule: "",
  ...over,
});

const editions = [
  edition("full", "2027-01-11", { seatsLeft: 0 }),
  edition("closed", "2027-02-01", { status: "closed" }),
  edition("next", "2027-03-01", { seatsLeft: 1, schedule: "Lunes, 10:00–14:00" }),
  edition("later", "2027-05-03"),
];

afterEach(cleanup);

describe("EditionChoices", () => {
  it("preselects the next bookable edition, or the one asked for if it can be chosen", () => {
    expect(defaultEditionId(editions)).toBe("next");
    expect(defaultEditionId(editions, "later")).toBe("later");
    expect(defaultEditionId(editions, "full")).toBe("next");
    expect(defaultEditionId([editions[0]!])).toBeNull();
  });

  it("lists every edition; full and closed ones cannot be chosen and say why", () => {
    renderWithMessages(<EditionChoices editions={editions} selected="next" legend="Elige la fecha" form="f" />, {
      path: "/formaciones/expert-nails",
      namespaces: ["catalogue"],
    });
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => [r.value, r.disabled, r.checked])).toEqual([
      ["full", true, false],
      ["closed", true, false],
      ["next", false, true],
      ["later", false, false],
    ]);
    expect(radios.every((r) => r.getAttribute("form") === "f" && r.name === "edition")).toBe(true);
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toContain("Completo");
    expect(items[1]).toContain("Inscripción cerrada");
    expect(items[2]).toContain("Horario: Lunes, 10:00–14:00");
    expect(items[2]).toContain("Queda 1 plaza");
    expect(items[3]).toContain("Quedan 8 plazas de 8");
    expect(screen.getByRole("group", { name: "Elige la fecha" })).toBeTruthy();
  });
});

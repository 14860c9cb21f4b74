// The diary's day headings (Gestión → Agenda, week views): Spanish sentence case
// written by the formatter, never upper-cased word by word by CSS ("Lunes, 30
// De Noviembre" was `text-transform: capitalize` over "lunes, 30 de noviembre").
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { weekGrid, weekList } from "./diary-grid.server.ts";
import type { DiaryRange } from "./diary.server.ts";

const range: DiaryRange = {
  professionals: [{ id: "laura", name: "Laura" }],
  appointments: [],
  workingHours: [{ professionalId: "laura", weekday: 1, startMin: 600, endMin: 1080 }],
  timeOff: [],
};

describe("diary day headings", () => {
  it("writes the week's days in sentence case", () => {
    expect(weekList(range, "2026-11-30").map((d) => d.heading)).toEqual([
      "Lunes, 30 de noviembre",
      "Martes, 1 de diciembre",
      "Miércoles, 2 de diciembre",
      "Jueves, 3 de diciembre",
      "Viernes, 4 de diciembre",
      "Sábado, 5 de diciembre",
      "Domingo, 6 de diciembre",
    ]);
    expect(weekGrid(range, "2026-11-30")?.columns[0].heading).toBe("Lunes, 30 de noviembre");
  });

  it("leaves the staff stylesheets without word-by-word capitals", () => {
    const styles = path.resolve(import.meta.dirname, "../styles");
    for (const file of readdirSync(styles).filter((f) => f.startsWith("staff") && f.endsWith(".css"))) {
      expect(readFileSync(path.join(styles, file), "utf8"), file).not.toMatch(/text-transform:\s*capitalize/);
    }
  });
});

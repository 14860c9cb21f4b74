import { expect, it } from "vitest";
import { typoFixer } from "./typo-fix.ts";

const fix = typoFixer(["horario", "pedicura", "semipermanente", "teléfono", "cara"]);

it("mends one-letter typos in long words", () => {
  expect(fix("horaio del salon")).toBe("horario del salon");
  expect(fix("cuanto dura la pedicrua")).toBe("cuanto dura la pedicura");
  expect(fix("manicura semipermanete")).toBe("manicura semipermanente");
  expect(fix("telefno")).toBe("telefono");
});

it("leaves short words, known words and far words alone", () => {
  expect(fix("cera")).toBe("cera");
  expect(fix("horario")).toBe("horario");
  expect(fix("hormigas")).toBe("hormigas");
});

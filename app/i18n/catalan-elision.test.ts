import { describe, expect, it } from "vitest";
import { elideCatalanDays } from "./catalan-elision.ts";
import { translator } from "./messages.ts";

describe("the Catalan article before the 1st and the 11th", () => {
  it("elides del, al and el before a day 1 or 11 followed by its month", () => {
    expect(elideCatalanDays("del 1 d’abril de 2027 al 11 de maig de 2027")).toBe(
      "de l’1 d’abril de 2027 a l’11 de maig de 2027",
    );
    expect(elideCatalanDays("Comença el 1 de febrer")).toBe("Comença l’1 de febrer");
    expect(elideCatalanDays("El 11 de juny")).toBe("L’11 de juny");
    expect(elideCatalanDays("Del 1 de juliol")).toBe("De l’1 de juliol");
  });

  it("leaves every other day, and numbers that are not dates, as they are", () => {
    expect(elideCatalanDays("del 2 d’abril al 21 de maig")).toBe("del 2 d’abril al 21 de maig");
    expect(elideCatalanDays("el 11 % de descompte, truca al 1 600 000")).toBe(
      "el 11 % de descompte, truca al 1 600 000",
    );
    expect(elideCatalanDays("el 10 de març")).toBe("el 10 de març");
  });

  it("is applied when a Catalan message is formatted, and never to Spanish", () => {
    const ca = translator("ca", { "account.courses.stage.upcoming": "Comença el {date}" });
    expect(ca("account.courses.stage.upcoming", { date: "1 d’abril de 2027" })).toBe("Comença l’1 d’abril de 2027");
    const es = translator("es", { "account.courses.stage.upcoming": "Empieza el {date}" });
    expect(es("account.courses.stage.upcoming", { date: "1 de abril de 2027" })).toBe("Empieza el 1 de abril de 2027");
  });
});

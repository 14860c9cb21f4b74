import { describe, expect, it } from "vitest";
import { LINE_UNAVAILABLE_MESSAGE, NO_LINE_MESSAGE } from "~/domain/withdrawal-lines.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { enrollmentStageIn } from "./enrollment-text.ts";

const es = serverTranslator("es");
const ca = serverTranslator("ca");

describe("where an enrolment stands", () => {
  it("says it in the reader's language, dates included", () => {
    expect(enrollmentStageIn(es, "2027-02-09", "2027-02-11", "2027-01-01")).toBe("Empieza el 9 de febrero de 2027");
    expect(enrollmentStageIn(ca, "2027-02-09", "2027-02-11", "2027-01-01")).toBe("Comença el 9 de febrer de 2027");
    expect(enrollmentStageIn(ca, "2027-10-01", null, "2027-01-01")).toBe("Comença l’1 d’octubre de 2027");
    expect(enrollmentStageIn(es, "2027-02-09", "2027-02-11", "2027-02-10")).toBe("En curso");
    expect(enrollmentStageIn(ca, "2027-02-09", "2027-02-11", "2027-02-10")).toBe("En curs");
    expect(enrollmentStageIn(es, "2027-02-09", "2027-02-11", "2027-02-12")).toBe("Finalizado");
    expect(enrollmentStageIn(ca, "2027-02-09", "2027-02-11", "2027-02-12")).toBe("Finalitzat");
    expect(enrollmentStageIn(ca, null, null, "2027-02-12")).toMatch(/^Data per confirmar/u);
    expect(enrollmentStageIn(es, null, null, "2027-02-12")).toMatch(/^Fecha por confirmar/u);
  });
});

describe("the withdrawal page's refusals", () => {
  it("say in Spanish what the rules say", () => {
    expect(es("account.withdrawal.error.noLine")).toBe(NO_LINE_MESSAGE);
    expect(es("account.withdrawal.error.unavailable")).toBe(LINE_UNAVAILABLE_MESSAGE);
  });
});

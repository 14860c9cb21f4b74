import { describe, expect, it } from "vitest";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Course } from "~/domain/course.ts";
import { formatEuros, monthlyFinancingText } from "~/domain/pricing.ts";
import { visibleText } from "../reply-format.ts";
import { coursePriceAnswer, coursePricesAnswer, materialsAnswer } from "./courses.ts";

const course = (id: string, title: string, priceCents: number, features: string[] = []): Course => ({
  id,
  title,
  category: "iniciacion",
  description: "",
  priceCents,
  originalPriceCents: priceCents + 7000,
  duration: "20 horas",
  classSize: 10,
  level: "Iniciación",
  features,
  image: "",
  highlighted: false,
  active: true,
  nextEdition: null,
});

const inicio = course("formacion-inicio", "Formación de inicio", 28000, ["Kit profesional de materiales incluido"]);
const expert = course("expert-nails", "Expert Nails", 99900);

describe("course answers", () => {
  it("prices one course only, from its cents, with a link to its page", () => {
    const a = coursePriceAnswer(inicio);
    expect(visibleText(a)).toBe(
      `Formación de inicio cuesta ${formatEuros(28000)} (antes ${formatEuros(35000)}); financia desde ${monthlyFinancingText(28000)} sin intereses.\nVer Formación de inicio`,
    );
    expect(a).toContain("(/formaciones/formacion-inicio)");
    expect(a).not.toContain("Expert Nails");
  });

  it("lists every price with a readable link to /formaciones", () => {
    const a = visibleText(coursePricesAnswer([inicio, expert], false));
    expect(a).toContain(`Formación de inicio: ${formatEuros(28000)}`);
    expect(a).toContain(`Expert Nails: ${formatEuros(99900)}`);
    expect(a.endsWith("Ver formaciones")).toBe(true);
    expect(a).not.toContain("/formaciones");
  });

  it("says materials are included from site.ts, and what a named course lists", () => {
    const general = visibleText(materialsAnswer([]));
    expect(general).toContain(serverTranslator("es")("catalogue.benefits.materials.text"));
    expect(general).toMatch(/^Sí/);
    const named = visibleText(materialsAnswer([inicio]));
    expect(named).toContain("Formación de inicio: Kit profesional de materiales incluido.");
    expect(named).toContain("Ver Formación de inicio");
  });
});

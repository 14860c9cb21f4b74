import { describe, expect, it } from "vitest";
import { areServiceTerms, findServiceTerms, matchServices, serviceAspect } from "./service-mentions.ts";

/** Names as the seeded menu has them. */
const menu = [
  "Retirada de semipermanente o gel",
  "Manicura clásica",
  "Manicura semipermanente",
  "Uñas de gel (nuevo set)",
  "Uñas de acrílico (nuevo set)",
  "Relleno de gel o acrílico",
  "Nail art (decoración)",
  "Pedicura completa",
  "Pedicura con semipermanente",
  "Limpieza facial profunda",
  "Tratamiento facial hidratante",
  "Diseño de cejas",
].map((name, i) => ({ id: `s${i}`, name }));
const names = (text: string) => matchServices(text, menu).map((s) => s.name);

describe("findServiceTerms", () => {
  it("maps casual names to menu words", () => {
    expect(findServiceTerms("cuanto cuesta la mani semi?")).toEqual(["manicura", "semipermanente"]);
    expect(findServiceTerms("y la pedi")).toEqual(["pedicura"]);
    expect(findServiceTerms("uñas acrilicas q precio")).toEqual(["acrilico"]);
    expect(findServiceTerms("me quitais el gel?")).toEqual(["retirada", "gel"]);
    expect(findServiceTerms("haceis lifting de pestañas")).toEqual(["pestanas"]);
  });

  it("forgives one typo in long words only", () => {
    expect(findServiceTerms("cuanto dura la pedicrua")).toEqual(["pedicura"]);
    expect(findServiceTerms("la manicura semipermanete")).toEqual(["manicura", "semipermanente"]);
    // "cera" is not "cara": short words must be exact.
    expect(findServiceTerms("depilacion con cera")).toEqual(["depilacion"]);
  });

  it("finds nothing in questions about other things", () => {
    expect(findServiceTerms("cuanto cuesta quitar una muela")).toEqual([]);
    expect(findServiceTerms("me quitais el esmalte?")).toEqual(["retirada"]);
    expect(findServiceTerms("a q hora abris el sabado")).toEqual([]);
    expect(findServiceTerms("cuanto cuesta el expert nails")).toEqual([]);
  });
});

describe("matchServices", () => {
  it("picks the one service that holds every word named", () => {
    expect(names("cuanto cuesta la manicura semipermanente")).toEqual(["Manicura semipermanente"]);
    expect(names("precio pedicura con semi")).toEqual(["Pedicura con semipermanente"]);
    expect(names("quitarme el semi")).toEqual(["Retirada de semipermanente o gel"]);
    expect(names("las uñas de gel cuanto tardan")).toEqual(["Uñas de gel (nuevo set)"]);
    expect(names("cuanto cuestan las unas de gel")).toEqual(["Uñas de gel (nuevo set)"]);
    expect(names("haceis cejas?")).toEqual(["Diseño de cejas"]);
  });

  it("lists every service a general word fits, the most specific first", () => {
    expect(names("cuanto cuesta la pedicura")).toEqual(["Pedicura completa", "Pedicura con semipermanente"]);
    expect(names("precio semi")).toHaveLength(3);
  });

  it("matches nothing the menu lacks", () => {
    expect(names("haceis lifting de pestañas")).toEqual([]);
    expect(names("horario del sabado")).toEqual([]);
  });
});

describe("serviceAspect", () => {
  it("tells price, duration, both and offer apart", () => {
    expect(serviceAspect("cuanto cuesta la pedi")).toBe("price");
    expect(serviceAspect("q vale")).toBe("price");
    expect(serviceAspect("y cuanto tarda?")).toBe("duration");
    expect(serviceAspect("cuánto tiempo dura")).toBe("duration");
    expect(serviceAspect("precio y duración: cuánto dura y cuánto cuesta")).toBe("both");
    expect(serviceAspect("¿hacéis pedicura?")).toBe("offer");
  });
});

it("knows which words are menu words (topics from the browser are checked with it)", () => {
  expect(areServiceTerms(["manicura", "semipermanente"])).toBe(true);
  expect(areServiceTerms(["manicura", "<script>"])).toBe(false);
  expect(areServiceTerms([])).toBe(false);
  expect(areServiceTerms(["constructor"])).toBe(false);
});

import { describe, expect, it } from "vitest";
import { areServiceTerms, findServiceTerms, matchServices, serviceAspect, serviceName } from "./service-mentions.ts";

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

describe("matchServices with the Catalan names the staff write", () => {
  /** A Catalan name for each service of `menu`, in the same order. */
  const CATALAN = [
    "Retirada de semipermanent o gel",
    "Manicura clàssica",
    "Manicura semipermanent",
    "Ungles de gel (joc nou)",
    "Ungles d’acrílic (joc nou)",
    "Reomplert de gel o acrílic",
    "Nail art (decoració)",
    "Pedicura completa",
    "Pedicura amb semipermanent",
    "Neteja facial profunda",
    "Tractament facial hidratant",
    "Disseny de celles",
  ];
  const menuCa = menu.map((s, i) => ({ ...s, nameCa: CATALAN[i] }));
  const ids = (text: string, m: readonly { id: string; name: string }[] = menuCa) =>
    matchServices(text, m).map((s) => s.id);

  it("finds a service asked for by its Catalan name as by its Spanish one", () => {
    menu.forEach((s, i) => {
      expect(ids(`quant costa ${CATALAN[i]}?`), CATALAN[i]).toEqual(ids(`cuánto cuesta ${s.name}?`, menu));
    });
    expect(names("quant costa la manicura semipermanent")).toEqual(["Manicura semipermanente"]);
    expect(ids("quant costa el reomplert de gel o acrílic?")).toEqual(["s5"]);
    expect(ids("feu disseny de celles?")).toEqual(["s11"]);
  });

  it("finds a service whose words only its Catalan name has", () => {
    const sculpted = [
      ...menu.filter((s) => s.id !== "s4"),
      { id: "s4", name: "Uñas esculpidas", nameCa: "Ungles acríliques" },
    ];
    expect(ids("quant costen les ungles acríliques?", sculpted)).toEqual(["s4"]);
    // Without it only the refill, whose name says "acrílico", is found.
    expect(
      ids(
        "quant costen les ungles acríliques?",
        sculpted.map((s) => ({ ...s, nameCa: null })),
      ),
    ).toEqual(["s5"]);
  });

  it("finds a service by its whole name, in either language, when no menu word names it", () => {
    const express = [...menuCa, { id: "express", name: "Esmaltado exprés", nameCa: "Esmaltat exprés" }];
    expect(ids("feu esmaltat exprés?", express)).toEqual(["express"]);
    expect(ids("¿hacéis esmaltado exprés?", express)).toEqual(["express"]);
    expect(ids("feu esmaltat?", express)).toEqual([]);
  });

  it("does not take a part of the body in a Catalan name for a service word", () => {
    const ritual = [...menuCa, { id: "ritual", name: "Ritual relajante", nameCa: "Ritual de peus" }];
    expect(ids("quant costa la pedicura?", ritual)).toEqual(["s7", "s8"]);
  });

  it("names a service in Catalan when it has a Catalan name, else in Spanish", () => {
    expect(serviceName(menuCa[2], "ca")).toBe("Manicura semipermanent");
    expect(serviceName(menuCa[2], "es")).toBe("Manicura semipermanente");
    expect(serviceName(menu[2], "ca")).toBe("Manicura semipermanente");
    expect(serviceName({ ...menu[2], nameCa: "  " }, "ca")).toBe("Manicura semipermanente");
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

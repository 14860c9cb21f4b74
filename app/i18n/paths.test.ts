import { describe, expect, it } from "vitest";
import { localeOfPath } from "./locales.ts";
import { CATALAN_PATHS, CATALAN_READY, localHref, localizedPath, matchPage } from "./paths.ts";

describe("localeOfPath", () => {
  it("is Catalan for /ca and below it only", () => {
    expect(localeOfPath("/ca")).toBe("ca");
    expect(localeOfPath("/ca/equip")).toBe("ca");
    expect(localeOfPath("/ca.data")).toBe("ca");
    expect(localeOfPath("/carrito")).toBe("es");
    expect(localeOfPath("/cancel")).toBe("es");
    expect(localeOfPath("/")).toBe("es");
  });
});

describe("the slug table", () => {
  it("gives every Spanish page one Catalan address under /ca, none twice", () => {
    const catalan = Object.values(CATALAN_PATHS);
    expect(new Set(catalan).size).toBe(catalan.length);
    for (const path of catalan) expect(localeOfPath(path.replace(/\/:.*$/u, ""))).toBe("ca");
    for (const [es, ca] of Object.entries(CATALAN_PATHS)) {
      expect(ca.match(/:[a-zA-Z]+\??/gu) ?? []).toEqual(es.match(/:[a-zA-Z]+\??/gu) ?? []);
    }
  });
});

describe("localizedPath", () => {
  it("translates a ready page both ways, parameters kept", () => {
    expect(CATALAN_READY.has("/equipo")).toBe(true);
    expect(localizedPath("/equipo", "ca")).toBe("/ca/equip");
    expect(localizedPath("/ca/equip", "es")).toBe("/equipo");
    expect(localizedPath("/", "ca")).toBe("/ca");
    expect(localizedPath("/ca", "es")).toBe("/");
    expect(localizedPath("/ca/equip", "ca")).toBe("/ca/equip");
  });

  it("has nothing for a page outside the table or not ready in Catalan", () => {
    expect(localizedPath("/gestion", "ca")).toBeNull();
    const notReady = (Object.keys(CATALAN_PATHS) as (keyof typeof CATALAN_PATHS)[]).find((p) => !CATALAN_READY.has(p));
    if (notReady) expect(localizedPath(notReady.replace(/:[a-zA-Z]+\??/gu, "x"), "ca")).toBeNull();
  });

  it("matches parameters and optional ones", () => {
    expect(matchPage("/formaciones/expert-nails")).toEqual({
      page: "/formaciones/:id",
      locale: "es",
      values: ["expert-nails"],
    });
    expect(matchPage("/ca/pagament")).toMatchObject({ page: "/checkout/:courseId?", values: [undefined] });
    expect(matchPage("/ca/pagament/expert-nails")).toMatchObject({ values: ["expert-nails"] });
  });
});

describe("localHref", () => {
  it("leaves Spanish pages' links alone and leads Catalan pages' links to Catalan pages, query and fragment kept", () => {
    expect(localHref("es", "/equipo")).toBe("/equipo");
    expect(localHref("ca", "/equipo#alejandra")).toBe("/ca/equip#alejandra");
    expect(localHref("ca", "/contacto?x=1")).toBe("/ca/contacte?x=1");
    expect(localHref("ca", "https://wa.me/34")).toBe("https://wa.me/34");
    expect(localHref("ca", "/gestion")).toBe("/gestion");
  });
});

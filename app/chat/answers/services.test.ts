import { describe, expect, it } from "vitest";
import type { ServiceCategoryId } from "~/domain/service-categories.ts";
import { parseReply, visibleText } from "../reply-format.ts";
import { servicesReply } from "./services.ts";

const service = (
  id: string,
  name: string,
  category: ServiceCategoryId,
  durationMin: number,
  priceCents: number,
  more: { priceFrom?: boolean; bookableOnline?: boolean } = {},
) => ({ id, name, category, durationMin, priceCents, priceFrom: false, bookableOnline: true, ...more });

const menu = [
  service("manicura", "Manicura clásica", "manos", 40, 1800),
  service("semipermanente", "Manicura semipermanente", "manos", 60, 2500),
  service("unas-gel", "Uñas de gel (nuevo set)", "diseno", 90, 4000, { priceFrom: true }),
  service("pedicura", "Pedicura completa", "pies", 60, 3000),
  service("pedicura-semi", "Pedicura con semipermanente", "pies", 75, 3800),
  service("cejas", "Diseño de cejas", "facial", 20, 1200, { bookableOnline: false }),
];
/** What the visitor reads, with the non-breaking space before "€" as a plain one. */
const read = (text: string) => visibleText(text).replace(/\u00a0/g, " ");
const links = (text: string) => parseReply(text).flatMap((s) => (s.type === "link" ? [s.href] : []));

describe("servicesReply", () => {
  it("prices a named service with its duration and a link to book it", () => {
    const r = servicesReply("¿cuánto cuesta la manicura semipermanente?", menu);
    expect(read(r)).toMatch(/^Manicura semipermanente: 25,00\s€ \(dura 1 h\)\./);
    expect(links(r)).toEqual(["/reservar?servicio=semipermanente", "/servicios"]);
  });

  it("answers how long it takes, and says yes to «¿hacéis…?»", () => {
    expect(servicesReply("cuanto tarda el gel", menu)).toMatch(
      /^Uñas de gel \(nuevo set\): dura 1 h 30 min \(desde 40,00\s€\)/,
    );
    expect(servicesReply("haceis diseño de cejas?", menu)).toMatch(
      /^Sí, lo hacemos\. Diseño de cejas: 12,00\s€, 20 min\./,
    );
  });

  it("lists the services a general word fits", () => {
    const r = read(servicesReply("¿Hacéis pedicura? ¿cuánto dura?", menu));
    expect(r).toContain("• Pedicura completa: 30,00 €, 1 h");
    expect(r).toContain("• Pedicura con semipermanente: 38,00 €, 1 h 15 min");
    expect(r).not.toContain("Manicura");
  });

  it("sends to the contacts for a service not bookable online", () => {
    const r = servicesReply("precio cejas", menu);
    expect(links(r)).not.toContain("/reservar?servicio=cejas");
    expect(read(r)).toContain("Para pedir cita: Llámanos");
  });

  it("says so when the menu does not have it, and points to /servicios", () => {
    const r = servicesReply("haceis lifting de pestañas?", menu);
    expect(read(r)).toMatch(/^Lo siento, no hacemos pestañas/);
    expect(links(r)).toEqual(["/servicios"]);
    // Acrylic is not on this menu either.
    expect(read(servicesReply("uñas acrilicas?", menu))).toMatch(/^Lo siento, no hacemos uñas acrílicas/);
  });

  it("gives the menu with prices, or by category, when nothing is named", () => {
    const prices = read(servicesReply("servicios y precios", menu));
    for (const s of ["Manicura clásica: 18,00 €, 40 min", "Diseño de cejas: 12,00 €, 20 min"])
      expect(prices).toContain(s);
    const overview = read(servicesReply("qué servicios hacéis", menu));
    expect(overview).toContain("Manos: Manicura clásica, Manicura semipermanente (desde 18,00 €)");
    expect(overview).toContain("Pies: Pedicura completa, Pedicura con semipermanente (desde 30,00 €)");
  });

  it("says there is no menu when none is published", () => {
    expect(servicesReply("precio manicura", [])).toMatch(/^Ahora mismo no tenemos servicios publicados/);
  });
});

describe("servicesReply in Catalan", () => {
  /** The Catalan names the staff wrote; "pedicura-semi" has none yet. */
  const CATALAN: Record<string, string> = {
    manicura: "Manicura clàssica",
    semipermanente: "Manicura semipermanent",
    "unas-gel": "Ungles de gel (joc nou)",
    pedicura: "Pedicura completa",
    cejas: "Disseny de celles",
  };
  const menuCa = menu.map((s) => ({ ...s, nameCa: CATALAN[s.id] ?? null }));

  it("names a service by its Catalan name in prices, durations and yes-we-do-it answers", () => {
    const r = servicesReply("quant costa la manicura semipermanent?", menuCa, "ca");
    expect(read(r)).toMatch(/^Manicura semipermanent: 25,00 € \(dura 1 h\)\./);
    expect(links(r)).toEqual(["/reservar?servicio=semipermanente", "/servicios"]);
    expect(read(servicesReply("quant dura el gel", menuCa, "ca"))).toMatch(
      /^Ungles de gel \(joc nou\): dura 1 h 30 min \(des de 40,00 €\)/,
    );
    expect(read(servicesReply("feu disseny de celles?", menuCa, "ca"))).toMatch(
      /^Sí, el fem\. Disseny de celles: 12,00 €, 20 min\./,
    );
  });

  it("lists and overviews the menu in Catalan names, the Spanish one where none is written", () => {
    const list = read(servicesReply("feu pedicura? quant dura?", menuCa, "ca"));
    expect(list).toContain("• Pedicura completa: 30,00 €, 1 h");
    expect(list).toContain("• Pedicura con semipermanente: 38,00 €, 1 h 15 min");
    const prices = read(servicesReply("serveis i preus", menuCa, "ca"));
    expect(prices).toContain("• Manicura clàssica: 18,00 €, 40 min");
    expect(prices).toContain("• Disseny de celles: 12,00 €, 20 min");
    const overview = read(servicesReply("quins serveis feu", menuCa, "ca"));
    expect(overview).toContain("Mans: Manicura clàssica, Manicura semipermanent (des de 18,00 €)");
    expect(overview).toContain("Peus: Pedicura completa, Pedicura con semipermanente (des de 30,00 €)");
  });

  it("keeps the Spanish names in Spanish answers", () => {
    expect(read(servicesReply("¿cuánto cuesta la manicura semipermanente?", menuCa))).toMatch(
      /^Manicura semipermanente: 25,00 € \(dura 1 h\)\./,
    );
    // Asked by its Catalan name on a Spanish reply, it is still named in Spanish.
    expect(read(servicesReply("precio manicura clàssica", menuCa))).toContain("Manicura clásica: 18,00 €");
    expect(read(servicesReply("qué servicios hacéis", menuCa))).toContain(
      "Manos: Manicura clásica, Manicura semipermanente (desde 18,00 €)",
    );
  });
});

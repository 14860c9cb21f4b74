/**
 * Issue 34: in Catalan the assistant names each service by the Catalan name the
 * staff wrote in Gestión (the Spanish one where none is written), in prices,
 * durations, listings and free times, and recognises a service asked for by its
 * Catalan name; Spanish answers keep the Spanish names. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAssistant, type Assistant } from "~/chat/assistant.server.ts";
import { trainClassifier } from "~/chat/nlp.server.ts";
import { parseReply, visibleText } from "~/chat/reply-format.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

// Friday 20 November 2026, 09:00 in Madrid (UTC+1), as in chat-availability.test.ts.
const NOW = new Date("2026-11-20T08:00:00Z");
const TODAY = "2026-11-20";

/**
 * The Catalan names written in Gestión (over the seed's); "pedicura-semipermanente" has none (the staff emptied
 * it), "nail-art" only blanks.
 */
const CATALAN: Record<string, string | null> = {
  retirada: "Retirada de semipermanent o gel",
  manicura: "Manicura clàssica",
  semipermanente: "Manicura semipermanent",
  "unas-gel": "Ungles de gel (joc nou)",
  acrilico: "Ungles esculpides (joc nou)",
  relleno: "Reomplert de gel o acrílic",
  "nail-art": "   ",
  pedicura: "Pedicura completa",
  "pedicura-semipermanente": null,
  "limpieza-facial": "Neteja facial profunda",
  "facial-hidratante": "Tractament facial hidratant",
  cejas: "Disseny de celles",
};

let assistant: Assistant;
beforeAll(async () => {
  const [es, ca] = await Promise.all([trainClassifier({}, "es"), trainClassifier({}, "ca")]);
  assistant = createAssistant({ es, ca }, createLogger("silent"));
});

/** What the visitor reads, with the non-breaking space before "€" as a plain one. */
const read = (text: string) => visibleText(text).replace(/\u00a0/g, " ");
const hrefs = (text: string) => parseReply(text).flatMap((s) => (s.type === "link" ? [s.href] : []));

describe.each(dbKinds)("service names in the assistant's Catalan answers (%s)", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    for (const [id, nameCa] of Object.entries(CATALAN)) {
      await t.db.updateTable("services").set({ name_ca: nameCa }).where("id", "=", id).execute();
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const ask = async (message: string, pageLanguage: "es" | "ca" = "ca") =>
    assistant.answer(t.db, message, { now: NOW, today: TODAY, pageLanguage });

  it("prices, times and lists services by their Catalan names", async () => {
    const price = await ask("quant costa la manicura semipermanent?");
    expect(price.intent).toBe("salon.services");
    expect(read(price.response)).toMatch(/^Manicura semipermanent: 25,00 € \(dura 1 h\)\./);
    expect(hrefs(price.response)[0]).toMatch(/^\/ca\/reserva\?/);
    expect(read((await ask("quant dura el tractament facial hidratant?")).response)).toMatch(
      /^Tractament facial hidratant: dura 50 min \(40,00 €\)\./,
    );
    const menu = read((await ask("serveis i preus")).response);
    expect(menu).toContain("• Manicura clàssica: 18,00 €, 40 min");
    expect(menu).toContain("• Neteja facial profunda: 45,00 €, 1 h");
    // No Catalan name written (or only blanks): the Spanish one.
    expect(menu).toContain("• Pedicura con semipermanente: 38,00 €, 1 h 15 min");
    expect(menu).toContain("• Nail art (decoración): des de 5,00 €, 20 min");
  });

  it("offers free times and asks which service in Catalan names", async () => {
    const times = read((await ask("teniu hora dilluns a la tarda per a manicura semipermanent?")).response);
    expect(times).toMatch(
      /^El dilluns 23 de novembre a la tarda tenim hora per a Manicura semipermanent a les (1[4-9]|20):\d\d/,
    );
    const which = read((await ask("hi ha hora demà?")).response);
    expect(which).toMatch(/^Per a quin servei busques hora\?/);
    expect(which).toContain("• Mans: Retirada de semipermanent o gel, Manicura clàssica, Manicura semipermanent");
    expect(which).toContain("• Peus: Pedicura completa, Pedicura con semipermanente");
  });

  it("recognises a service by a Catalan name that shares no word with the Spanish one", async () => {
    const r = await ask("teniu hora dilluns per a ungles esculpides?");
    expect(r.intent).toBe("booking.availability");
    expect(read(r.response)).toMatch(/^El dilluns 23 de novembre tenim hora per a Ungles esculpides \(joc nou\) a les/);
  });

  it("keeps the Spanish names in Spanish answers", async () => {
    const price = await ask("¿cuánto cuesta la manicura semipermanente?", "es");
    expect(price.language).toBe("es");
    expect(read(price.response)).toMatch(/^Manicura semipermanente: 25,00 € \(dura 1 h\)\./);
    expect(read((await ask("¿tenéis hueco el lunes por la tarde para semipermanente?", "es")).response)).toMatch(
      /^El lunes 23 de noviembre por la tarde tenemos hueco para Manicura semipermanente a las/,
    );
    expect(read((await ask("¿tenéis hueco el lunes para uñas de acrílico?", "es")).response)).toMatch(
      /tenemos hueco para Uñas de acrílico \(nuevo set\)/,
    );
  });
});

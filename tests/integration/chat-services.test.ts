/**
 * Issue item 14: the assistant knows the service menu (prices and durations
 * from the database), the exact dates of the next course editions, reads a
 * short follow-up in the context of the previous answer, and its greeting and
 * quick replies cover booking, services and courses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { listCourses } from "~/catalogue/queries.server.ts";
import { createAssistant, type Assistant } from "~/chat/assistant.server.ts";
import { parseTopic } from "~/chat/conversation-topic.ts";
import { QUICK_QUESTIONS } from "~/chat/messages.ts";
import { trainClassifier } from "~/chat/nlp.server.ts";
import { parseReply, visibleText } from "~/chat/reply-format.ts";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking-settings-form.ts";
import { formatWeekdayDate } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

const TODAY = "2026-11-20";
const OWNER = { id: null, email: "owner@example.com" };
const EXTERNAL = "https://reservas.example.com/alejandra-nails";

let assistant: Assistant;
beforeAll(async () => {
  assistant = createAssistant(await trainClassifier(), createLogger("silent"));
});

/** What the visitor reads, with the non-breaking space before "€" as a plain one. */
const read = (text: string) => visibleText(text).replace(/\u00a0/g, " ");
const hrefs = (text: string, allowed: string[] = []) =>
  parseReply(text, allowed).flatMap((s) => (s.type === "link" ? [s.href] : []));

describe.each(dbKinds)("assistant and the service menu (%s)", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  afterEach(async () => {
    await saveBookingSettings(t.db, OWNER, DEFAULT_BOOKING_SETTINGS);
  });

  /** One conversation: each question is sent with the topic of the previous reply, as the widget does. */
  async function conversation(...questions: string[]) {
    let topic: string | null = null;
    const replies = [];
    for (const q of questions) {
      const r = await assistant.answer(t.db, q, { today: TODAY, topic: parseTopic(topic) });
      replies.push(r);
      topic = r.topic;
    }
    return replies;
  }
  const ask = async (q: string) => (await conversation(q))[0];

  it("prices a named service with its duration, from the live menu", async () => {
    const r = await ask("¿cuánto cuesta la manicura semipermanente?");
    expect(r.intent).toBe("salon.services");
    expect(read(r.response)).toMatch(/^Manicura semipermanente: 25,00 € \(dura 1 h\)\./);
    expect(hrefs(r.response)).toEqual(["/reservar?servicio=semipermanente", "/servicios"]);
    await t.db.updateTable("services").set({ price_cents: 2700 }).where("id", "=", "semipermanente").execute();
    try {
      expect(read((await ask("precio de la mani semi porfa")).response)).toContain("27,00 €");
    } finally {
      await t.db.updateTable("services").set({ price_cents: 2500 }).where("id", "=", "semipermanente").execute();
    }
  });

  it("answers «¿hacéis pedicura? ¿cuánto dura?» with every pedicure, price and duration", async () => {
    const r = await ask("¿Hacéis pedicura? ¿cuánto dura?");
    expect(r.intent).toBe("salon.services");
    const text = read(r.response);
    expect(text).toContain("Pedicura completa: 30,00 €, 1 h");
    expect(text).toContain("Pedicura con semipermanente: 38,00 €, 1 h 15 min");
  });

  it("says when a service is not on the menu, and stops naming one the staff deactivate", async () => {
    const r = await ask("haceis lifting de pestañas?");
    expect(read(r.response)).toMatch(/^Lo siento, no hacemos pestañas/);
    expect(hrefs(r.response)).toEqual(["/servicios"]);
    await t.db.updateTable("services").set({ active: 0 }).where("id", "=", "cejas").execute();
    try {
      expect(read((await ask("haceis cejas?")).response)).toMatch(/^Lo siento, no hacemos cejas/);
    } finally {
      await t.db.updateTable("services").set({ active: 1 }).where("id", "=", "cejas").execute();
    }
  });

  it("gives the exact dates of the next editions, with links", async () => {
    const r = await ask("¿cuándo es el próximo curso?");
    expect(r.intent).toBe("courses.dates");
    for (const c of await listCourses(t.db, { today: TODAY })) {
      if (!c.nextEdition) continue;
      expect(r.response).toContain(`${c.title}: empieza el ${formatWeekdayDate(c.nextEdition.startsOn)}`);
      expect(hrefs(r.response)).toContain(`/formaciones/${c.id}`);
    }
    // Seeded from 2026-11-23: the first editions start on Monday 4 January 2027.
    expect(r.response).toContain("lunes, 4 de enero de 2027");
  });

  it("reads a bare follow-up in the context of the last answer", async () => {
    const [, sat, sun] = await conversation("a q hora abris", "¿y los sábados?", "y el domingo?");
    expect(sat.response).toBe("Sí, los sábados abrimos de 09:00 a 17:00.");
    expect(sun.response).toMatch(/^No, los domingos está cerrado/);

    const [, duration, feet] = await conversation(
      "cuanto cuesta la manicura semipermanente",
      "¿y cuánto dura?",
      "¿y la pedicura?",
    );
    expect(read(duration.response)).toMatch(/^Manicura semipermanente: dura 1 h \(25,00 €\)/);
    expect(read(feet.response)).toContain("Pedicura completa: 30,00 €, 1 h");

    const [, acrylic, start] = await conversation(
      "cuanto cuesta el expert nails",
      "y el de acrilico?",
      "y cuando empieza?",
    );
    expect(acrylic.intent).toBe("courses.price");
    expect(acrylic.response).toMatch(/^Iniciación Acrílico Intensivo cuesta/);
    expect(start.intent).toBe("courses.dates");
    expect(start.response).toMatch(
      /^La próxima convocatoria de Iniciación Acrílico Intensivo empieza el lunes, 4 de enero de 2027/,
    );
  });

  it("leaves a message with a question of its own as it is, and keeps the topic when one is not understood", async () => {
    const [, contact, hours] = await conversation("cuanto cuesta la pedicura", "telefono porfa", "y el horario?");
    expect(contact.intent).toBe("salon.contact");
    expect(hours.intent).toBe("salon.hours");
    const [first, missed] = await conversation("a q hora abris", "¿quién ganó la liga de baloncesto?");
    expect(missed.intent).toBe("None");
    expect(missed.topic).toBe(first.topic);
    // Without a topic a bare follow-up is not guessed.
    expect((await ask("¿y los sábados?")).intent).toBe("None");
  });

  it("greets with services, booking and courses, and every quick reply is understood", async () => {
    const hello = read((await ask("hola")).response);
    for (const word of ["servicios", "reservar cita", "formaciones"]) expect(hello).toContain(word);
    const quick = QUICK_QUESTIONS.map((k) => serverTranslator("es")(`common.chat.quick.${k}`));
    expect(quick).toEqual(expect.arrayContaining(["Reservar cita", "Servicios y precios", "Próximos cursos"]));
    for (const q of quick) expect((await ask(q)).intent, q).not.toBe("None");
    expect((await ask("Servicios y precios")).intent).toBe("salon.services");
    expect((await ask("Próximos cursos")).intent).toBe("courses.dates");
    expect(hrefs((await ask("Reservar cita")).response)).toContain("/reservar");
  });

  it("leads booking links to the owner's external page when she books there", async () => {
    await saveBookingSettings(t.db, OWNER, { ...DEFAULT_BOOKING_SETTINGS, mode: "external", externalUrl: EXTERNAL });
    for (const q of ["Reservar cita", "cuanto cuesta la manicura semipermanente", "hola"]) {
      const r = await ask(q);
      expect(r.response, q).not.toContain("/reservar");
      expect(hrefs(r.response, [EXTERNAL]), q).toContain(EXTERNAL);
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listCourses } from "~/catalogue/queries.server.ts";
import { hoursLines } from "~/content/hours.ts";
import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { MONTH_NAMES } from "~/domain/es-format.ts";
import { formatEuros, monthlyFinancingText } from "~/domain/pricing.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { createTestDb, type TestDb } from "../../tests/helpers/db.ts";
import { anonymiseQuestion, createAssistant, purgeOldChatQuestions, type Assistant } from "./assistant.server.ts";
import { trainClassifier } from "./nlp.server.ts";
import { parseReply, visibleText } from "./reply-format.ts";

let t: TestDb;
let assistant: Assistant;
const TODAY = "2026-11-20";

beforeAll(async () => {
  t = await createTestDb("sqlite");
  assistant = createAssistant(await trainClassifier(), createLogger("silent"));
});
afterAll(async () => {
  await t?.cleanup();
});

const ask = (message: string, today = TODAY) => assistant.answer(t.db, message, { today });
/** Every "mes de año" in a text, e.g. "febrero de 2027". */
const monthYears = (text: string) =>
  [
    ...text.matchAll(
      /(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de (\d{4})/g,
    ),
  ].map((m) => ({ month: m[1], year: Number(m[2]) }));
describe("answers from the live catalogue", () => {
  it("prices a named course exactly as /formaciones shows it", async () => {
    const [expert] = (await listCourses(t.db, { today: TODAY })).filter((c) => c.id === "expert-nails");
    const r = await ask("¿cuánto cuesta el expert nails?");
    expect(r.intent).toBe("courses.price");
    expect(r.response).toContain(`Expert Nails cuesta ${formatEuros(expert.priceCents)}`);
    expect(r.response).toContain(`financia desde ${monthlyFinancingText(expert.priceCents)} sin intereses`);
    expect(r.response).toMatch(/cuesta 999,00\s€/);
    expect(r.response).not.toContain("Técnico Manicurista");
    expect(r.confidence).toBeGreaterThan(0.7);
  });

  it("follows a price change in the database", async () => {
    await t.db.updateTable("courses").set({ price_cents: 104900 }).where("id", "=", "expert-nails").execute();
    try {
      const r = await ask("precio del expert nails");
      expect(r.response).toMatch(/cuesta 1\.049,00\s€/);
      expect(r.response).toContain(`financia desde ${monthlyFinancingText(104900)}`);
      expect(r.response).not.toMatch(/999,00\s€/);
    } finally {
      await t.db.updateTable("courses").set({ price_cents: 99900 }).where("id", "=", "expert-nails").execute();
    }
  });

  it("lists every course with price, duration and the card's next date", async () => {
    const courses = await listCourses(t.db, { today: TODAY });
    const r = await ask("¿Qué cursos ofrecéis?");
    expect(r.intent).toBe("courses.list");
    for (const c of courses) {
      expect(r.response).toContain(c.title);
      expect(r.response).toContain(c.duration);
      expect(r.response).toContain(formatEuros(c.priceCents));
      expect(r.response).toContain(nextDateText(c));
    }
    expect(visibleText(r.response)).toContain("Ver formaciones");
    expect(parseReply(r.response)).toContainEqual({
      type: "link",
      label: "Ver formaciones",
      href: "/formaciones",
      kind: "internal",
    });
  });

  it("gives every price for a general price question", async () => {
    const r = await ask("Precios de los cursos");
    for (const c of await listCourses(t.db, { today: TODAY })) {
      expect(r.response).toContain(`${c.title}: ${formatEuros(c.priceCents)}`);
    }
  });

  it("answers the next edition of a named course in month-year form", async () => {
    const r = await ask("¿cuándo empieza el técnico manicurista?");
    expect(r.intent).toBe("courses.dates");
    // Seeded from 2026-11-23: its first edition is on Monday 4 January 2027.
    expect(r.response).toContain("enero de 2027");
  });

  it.each(["2026-11-20", "2027-02-10", "2027-03-25", "2027-09-20"])(
    "never mentions a month before today (%s)",
    async (today) => {
      const [y, m] = today.split("-").map(Number);
      for (const q of [
        "Próximas fechas",
        "¿Qué cursos ofrecéis?",
        "cuando empieza el expert nails",
        "fechas de la formación de inicio",
      ]) {
        const r = await ask(q, today);
        for (const d of monthYears(r.response)) {
          expect(d.year * 12 + MONTH_NAMES.indexOf(d.month), `${q} → ${r.response}`).toBeGreaterThanOrEqual(
            y * 12 + m - 1,
          );
        }
      }
    },
  );

  it("says new dates are coming when no edition is left", async () => {
    const r = await ask("cuando empieza el expert nails", "2028-01-01");
    expect(r.response).toContain("nuevas fechas próximamente");
    expect(monthYears(r.response)).toEqual([]);
  });

  it("gives class sizes and durations from the catalogue", async () => {
    expect((await ask("cuántas plazas tiene el expert nails")).response).toContain("máximo 8 alumnos");
    await t.db.updateTable("courses").set({ class_size: 7 }).where("id", "=", "expert-nails").execute();
    expect((await ask("cuántas plazas tiene el expert nails")).response).toContain("máximo 7 alumnos");
    await t.db.updateTable("courses").set({ class_size: 8 }).where("id", "=", "expert-nails").execute();
    expect((await ask("cuánto dura el curso de acrílico")).response).toContain("2 días personalizados");
  });
});

describe("answers from the site facts", () => {
  it("gives the opening hours line by line", async () => {
    const r = await ask("Horario");
    for (const line of hoursLines(serverTranslator("es"))) expect(r.response).toContain(line);
  });

  it("gives the address, phone, booking link and Instagram", async () => {
    expect((await ask("¿Dónde estáis?")).response).toContain(site.address.full);
    expect((await ask("quiero pedir cita para una manicura")).response).toContain("[Reservar cita](/reservar)");
    const contact = (await ask("cuál es vuestro teléfono")).response;
    expect(contact).toContain(site.phone.display);
    expect(contact).toContain(site.social.instagram.handle);
  });

  it("falls back with an apology, the phone, WhatsApp and Instagram", async () => {
    const r = await ask("¿quién ganó la liga de baloncesto?");
    expect(r.intent).toBe("None");
    expect(r.confidence).toBe(0);
    expect(r.response).toMatch(/^Lo siento/);
    expect(r.response).toContain(site.phone.display);
    expect(r.response).toContain(`wa.me/${site.whatsapp.number}`);
    expect(r.response).toContain(site.social.instagram.handle);
  });
});

/** Every link of a reply, and its text as shown (labels, never addresses). */
const shown = (response: string) => ({
  text: visibleText(response),
  links: parseReply(response).flatMap((s) => (s.type === "link" ? [{ label: s.label, href: s.href }] : [])),
});

describe("direct answers with readable links", () => {
  it("answers the day asked: closed on Sundays and when it opens next", async () => {
    const r = await ask("¿Abrís los domingos?");
    expect(r.intent).toBe("salon.hours");
    expect(r.response).toBe("No, los domingos está cerrado. Volvemos a abrir el lunes de 09:00 a 21:00.");
    const sat = await ask("el sábado por la tarde abrís?");
    expect(sat.response).toBe("Sí, los sábados por la tarde está abierto: abrimos de 09:00 a 17:00.");
    // TODAY (2026-11-20) is a Friday.
    expect((await ask("abris hoy?")).response).toBe("Sí, hoy, viernes, abrimos de 09:00 a 21:00.");
  });

  it("prices the beginners' course alone when asked for it", async () => {
    const [inicio] = (await listCourses(t.db, { today: TODAY })).filter((c) => c.id === "formacion-inicio");
    const r = await ask("¿Cuánto cuesta el curso de iniciación?");
    expect(r.intent).toBe("courses.price");
    const { text, links } = shown(r.response);
    expect(text).toContain(`Formación de inicio cuesta ${formatEuros(inicio.priceCents)}`);
    for (const other of ["Expert Nails", "Técnico Manicurista", "Acrílico"]) expect(text).not.toContain(other);
    expect(links).toEqual([{ label: "Ver Formación de inicio", href: "/formaciones/formacion-inicio" }]);
    // The acrylic beginners' course is another course.
    expect((await ask("cuánto cuesta el curso de iniciación al acrílico")).response).toMatch(/^Iniciación Acrílico/);
  });

  it("answers parking and materials from site.ts", async () => {
    const parking = await ask("¿Hay aparcamiento?");
    expect(parking.intent).toBe("salon.parking");
    expect(parking.response).toContain(serverTranslator("es")("site.parking.advice"));
    expect(shown(parking.response).links).toEqual([{ label: "Cómo llegar (Google Maps)", href: site.maps.directions }]);

    const materials = await ask("¿El material entra en el precio?");
    expect(materials.intent).toBe("courses.materials");
    expect(materials.response).toContain(serverTranslator("es")("catalogue.benefits.materials.text"));
    expect(shown(materials.response).text).toMatch(/^Sí/);
  });

  it("shows phones as tap-to-call links and never a raw address", async () => {
    for (const q of [
      "cuál es vuestro teléfono",
      "quiero pedir cita",
      "¿quién ganó la liga de baloncesto?",
      "garantía",
    ]) {
      const { text, links } = shown((await ask(q)).response);
      expect(text, q).not.toMatch(/https?:|wa\.me|\(\/|mailto:|tel:/);
      expect(text, q).not.toMatch(/(^|\s)\/[a-z]/);
      for (const l of links) expect(l.label, q).not.toMatch(/^(https?:|\/|tel:|mailto:)/);
    }
    const contact = shown((await ask("cuál es vuestro teléfono")).response);
    expect(contact.links).toContainEqual({ label: site.phone.display, href: site.phone.href });
    expect(contact.links).toContainEqual({
      label: "Escribir por WhatsApp",
      href: site.whatsapp.link(site.whatsapp.defaultMessage),
    });
  });

  it("has one WhatsApp mention in the fallback, not «WhatsApp (WhatsApp (…).)»", async () => {
    const { text } = shown((await ask("¿quién ganó la liga de baloncesto?")).response);
    expect(text).toBe(
      `Lo siento, no he entendido tu pregunta o no tengo esa información. Para que te atienda una persona: Llámanos al ${site.phone.display}, escríbenos por WhatsApp o en Instagram ${site.social.instagram.handle}.`,
    );
  });
});

describe("unanswered questions", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("chat_questions").execute();
  });

  it("are stored anonymised and purged after 12 months", async () => {
    await ask("soy ana@example.com, mi móvil es 612 345 678, ¿vendéis patinetes?");
    const rows = await t.db.selectFrom("chat_questions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toBe("soy [correo], mi móvil es [número], ¿vendéis patinetes?");
    expect(rows[0].text).not.toMatch(/\d|@/);

    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString();
    await t.db.updateTable("chat_questions").set({ created_at: old }).execute();
    expect(await purgeOldChatQuestions(t.db)).toBe(1);
    expect(await t.db.selectFrom("chat_questions").selectAll().execute()).toEqual([]);
  });

  it("never store understood questions", async () => {
    await ask("Horario");
    expect(await t.db.selectFrom("chat_questions").selectAll().execute()).toEqual([]);
  });

  it("anonymise links and stray numbers too", () => {
    expect(anonymiseQuestion("mira https://example.com/x?a=1 y mi DNI 12345678Z, tengo 34 años")).toBe(
      "mira [enlace] y mi DNI [número]Z, tengo # años",
    );
  });
});

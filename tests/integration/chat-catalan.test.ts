/**
 * Issue 34: the assistant answers Catalan questions in Catalan — hours on a given
 * day, a course's price from the live catalogue (under its Catalan title, its
 * Spanish one where none is written), the address, how to book (to the Catalan
 * booking page) and parking — through the /chatbot/chat handler with the page's
 * language, and over HTTP through the built server.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAssistant, type Assistant } from "~/chat/assistant.server.ts";
import { trainClassifier } from "~/chat/nlp.server.ts";
import { parseReply, visibleText } from "~/chat/reply-format.ts";
import { listCourses } from "~/catalogue/queries.server.ts";
import { loadConfig } from "~/config.server.ts";
import { clientIpContext, servicesContext } from "~/context.server.ts";
import { site } from "~/content/site.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { action } from "~/routes/chatbot-chat.ts";
import type { AppServices } from "~/services.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

let assistant: Assistant;
beforeAll(async () => {
  const [es, ca] = await Promise.all([trainClassifier({}, "es"), trainClassifier({}, "ca")]);
  assistant = createAssistant({ es, ca }, createLogger("silent"));
});

const read = (text: string) => visibleText(text).replace(/\u00a0/g, " ");
const hrefs = (text: string) => parseReply(text).flatMap((s) => (s.type === "link" ? [s.href] : []));
let ipCounter = 0;

describe.each(dbKinds)("the assistant in Catalan (%s)", (kind) => {
  let t: TestDb;
  let services: AppServices;
  beforeAll(async () => {
    t = await createTestDb(kind);
    services = {
      config: loadConfig({ DATA_DIR: "/tmp/an-chat-ca-test", PUBLIC_URL: "http://localhost:3999" }),
      db: t.db,
      dbKind: kind,
      logger: createLogger("silent"),
      assistant,
    } as AppServices; // mail and payments are not used by this route
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function ask(message: string, language?: unknown) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(clientIpContext, `198.51.100.${++ipCounter}`);
    const request = new Request("http://localhost:3999/chatbot/chat", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message, session_id: "web", language }),
    });
    const res = (await action({
      request,
      context,
      params: {},
      unstable_pattern: "/chatbot/chat",
    } as never)) as Response;
    return { status: res.status, json: (await res.json()) as { response: string; message?: string } };
  }

  it("answers hours, a course's price, the address, booking and parking in Catalan", async () => {
    const saturday = await ask("quin horari teneu el dissabte", "ca");
    expect(saturday.status).toBe(200);
    expect(saturday.json.response).toBe("Sí, els dissabtes obrim de 09:00 a 17:00.");

    const inicio = (await listCourses(t.db, { locale: "ca" })).find((c) => c.id === "formacion-inicio");
    expect(inicio?.title).toBe("Formació d’inici");
    const price = read((await ask("cuant costa el curs d'iniciacio", "ca")).json.response);
    expect(price).toContain(`Formació d’inici costa ${formatEuros(inicio?.priceCents ?? 0).replace("\u00a0", " ")}`);
    expect(price).toContain("sense interessos");
    expect(price).toContain("Veure Formació d’inici");

    const address = read((await ask("on sou?", "ca")).json.response);
    expect(address).toContain(`Som a ${site.address.full}.`);

    const booking = (await ask("com puc reservar hora?", "ca")).json.response;
    expect(read(booking)).toContain("Pots reservar la teva cita en línia");
    expect(hrefs(booking)).toContain("/ca/reserva");

    const parking = read((await ask("hi ha parking a prop?", "ca")).json.response);
    expect(parking).toContain("No tenim aparcament propi.");
  });

  it("lists, levels and dates the courses under their Catalan texts; a Spanish answer keeps the Spanish ones", async () => {
    const list = read((await ask("quines formacions teniu?", "ca")).json.response);
    expect(list).toContain("Formació d’inici (Iniciació): 20 hores,");
    expect(list).toContain("Tècnic manicurista (Professional): 40 hores,");
    expect(list).toContain("Iniciació intensiva a l’acrílic (Intensiu): 2 dies personalitzats,");
    expect(list).not.toMatch(/Formación de inicio|Técnico Manicurista|horas/u);
    const dates = read((await ask("quan comença el curs de manicurista?", "ca")).json.response);
    expect(dates).toMatch(/^La propera convocatòria de Tècnic manicurista comença el /u);
    expect(dates).toContain("(Dues setmanes, de dilluns a divendres, 10:00–14:00)");

    // A course without a Catalan title: its Spanish one.
    const setTitleCa = (title_ca: string | null) =>
      t.db.updateTable("courses").set({ title_ca }).where("id", "=", "formacion-inicio").execute();
    await setTitleCa(null);
    try {
      expect(read((await ask("cuant costa el curs d'iniciacio", "ca")).json.response)).toContain(
        "Formación de inicio costa",
      );
    } finally {
      await setTitleCa("Formació d’inici");
    }

    const spanish = read((await ask("¿qué cursos tenéis?", "es")).json.response);
    expect(spanish).toContain("Formación de inicio (Iniciación): 20 horas,");
    expect(spanish).not.toContain("Formació d’inici");
  });

  it("answers in the question's language when it is clear, else in the page's", async () => {
    // A Catalan question on a Spanish page, a Spanish one on a Catalan page.
    expect((await ask("on sou?", "es")).json.response).toMatch(/^Som a /);
    expect((await ask("¿dónde estáis?", "ca")).json.response).toMatch(/^Estamos en /);
    // "hola" could be either: the page's language decides.
    expect((await ask("hola", "ca")).json.response).toMatch(/^Hola! Soc l’assistenta virtual/);
    expect((await ask("hola")).json.response).toMatch(/^¡Hola! Soy la asistente virtual/);
    // Not understood: the apology is in Catalan too.
    expect((await ask("qui va guanyar la lliga?", "ca")).json.response).toMatch(/^Ho sento, no he entès/);
  });

  it("accepts only es or ca as the page's language", async () => {
    for (const language of ["en", "CA", 1, ""]) {
      const res = await ask("hola", language);
      expect(res.status, String(language)).toBe(400);
      expect(res.json.message).toBe("language debe ser «es» o «ca».");
    }
  });
});

describe("POST /chatbot/chat over HTTP in Catalan", () => {
  let srv: RunningServer;
  beforeAll(async () => {
    // PORT_BASE: a run confined to a range of ports.
    srv = await startServer({ LOG_LEVEL: "warn", ...(process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {}) });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it("answers a Catalan question from a Catalan page in Catalan", async () => {
    const res = await fetch(`${srv.url}/chatbot/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: srv.url },
      body: JSON.stringify({ message: "a quina hora obriu dissabte?", session_id: "web", language: "ca" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response: string };
    expect(body.response).toBe("Sí, els dissabtes obrim de 09:00 a 17:00.");
  });
});

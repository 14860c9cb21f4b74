import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAssistant, type Assistant } from "~/chat/assistant.server.ts";
import { CHAT_RATE_LIMIT } from "~/chat/api.server.ts";
import { trainClassifier } from "~/chat/nlp.server.ts";
import { loadConfig } from "~/config.server.ts";
import { clientIpContext, servicesContext } from "~/context.server.ts";
import { site } from "~/content/site.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { AppServices } from "~/services.server.ts";
import { action, loader } from "~/routes/chatbot-chat.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

let assistant: Assistant;
beforeAll(async () => {
  assistant = createAssistant(await trainClassifier(), createLogger("silent"));
});

const URL_ = "http://localhost:3999/chatbot/chat";
let ipCounter = 0;
/** Each test talks from its own address so the rate limit of one does not leak into another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

describe.each(dbKinds)("POST /chatbot/chat (%s)", (kind) => {
  let t: TestDb;
  let services: AppServices;
  beforeAll(async () => {
    t = await createTestDb(kind);
    services = {
      config: loadConfig({ DATA_DIR: "/tmp/an-chat-test", PUBLIC_URL: "http://localhost:3999" }),
      db: t.db,
      dbKind: kind,
      logger: createLogger("silent"),
      assistant,
    } as AppServices; // mail and payments are not used by this route
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function post(body: BodyInit | null, ip = nextIp(), headers: Record<string, string> = {}) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(clientIpContext, ip);
    const request = new Request(URL_, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    const res = (await action({
      request,
      context,
      params: {},
      unstable_pattern: "/chatbot/chat",
    } as never)) as Response;
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
  }

  it("answers { response, confidence, topic } for a question", async () => {
    const res = await post(JSON.stringify({ message: "¿Cuánto cuesta el Expert Nails?", session_id: "web" }));
    expect(res.status).toBe(200);
    // Issue item 14 added `topic`, which the widget echoes back with the next question.
    expect(Object.keys(res.json).sort()).toEqual(["confidence", "response", "topic"]);
    expect(res.json.topic).toBe("courses.price:expert-nails");
    expect(res.json.response).toMatch(/Expert Nails cuesta 999,00\s€/);
    expect(res.json.confidence).toBeGreaterThan(0.7);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("reads a follow-up with the topic echoed back, and ignores a topic it could not have written", async () => {
    const first = await post(JSON.stringify({ message: "a q hora abris", session_id: "web" }));
    expect(first.json.topic).toBe("salon.hours");
    const follow = await post(
      JSON.stringify({ message: "¿y los sábados?", session_id: "web", topic: first.json.topic }),
    );
    expect(follow.status).toBe(200);
    expect(follow.json.response).toBe("Sí, los sábados abrimos de 09:00 a 17:00.");
    for (const topic of ["salon.hours:<img src=x>", "courses.price:no-such-course", "None", null]) {
      const res = await post(JSON.stringify({ message: "¿y los sábados?", session_id: "web", topic }));
      expect(res.status, String(topic)).toBe(200);
      expect(res.json.confidence, String(topic)).toBe(0);
      expect(res.json.topic, String(topic)).toBeNull();
    }
    const wrongType = await post(JSON.stringify({ message: "hola", topic: { intent: "salon.hours" } }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.message).toBe("topic debe ser un texto.");
    const tooLong = await post(JSON.stringify({ message: "hola", topic: "salon.hours".repeat(20) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe("topic es demasiado largo.");
  });

  it("gives the fallback with a zero confidence for off-topic questions", async () => {
    const res = await post(JSON.stringify({ message: "¿quién ganó el Tour de Francia?", session_id: "web" }));
    expect(res.status).toBe(200);
    expect(res.json.confidence).toBe(0);
    expect(res.json.response).toContain(site.phone.display);
  });

  it.each([
    ["empty message", JSON.stringify({ message: "", session_id: "web" }), 400, "Escribe tu pregunta"],
    ["whitespace only", JSON.stringify({ message: " \n\t  ", session_id: "web" }), 400, "Escribe tu pregunta"],
    ["over 500 characters", JSON.stringify({ message: "á".repeat(501) }), 400, "demasiado largo"],
    ["malformed JSON", '{"message": "hola"', 400, "no es JSON válido"],
    ["a JSON array", '["hola"]', 400, "objeto JSON"],
    ["no message", JSON.stringify({ session_id: "web" }), 400, "Falta el mensaje"],
    ["message of the wrong type", JSON.stringify({ message: 42 }), 400, "debe ser un texto"],
    ["session_id of the wrong type", JSON.stringify({ message: "hola", session_id: 7 }), 400, "session_id"],
    ["empty body", null, 400, "no es JSON válido"],
    ["huge body", JSON.stringify({ message: "x".repeat(20_000) }), 413, "demasiado grande"],
  ])("refuses %s with a Spanish message", async (_label, body, status, text) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.json.message).toContain(text);
  });

  it("accepts exactly 500 characters and surrounding spaces", async () => {
    const res = await post(JSON.stringify({ message: `  ${"horario ".repeat(62)}hora  ` }));
    expect(res.status).toBe(200);
  });

  it("answers 429 with a Spanish message after a burst from one address", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_RATE_LIMIT.points + 3; i += 1) {
      statuses.push((await post(JSON.stringify({ message: "Horario", session_id: "web" }), ip)).status);
    }
    expect(statuses.slice(0, CHAT_RATE_LIMIT.points).every((s) => s === 200)).toBe(true);
    const last = await post(JSON.stringify({ message: "Horario", session_id: "web" }), ip);
    expect(last.status).toBe(429);
    expect(last.json.message).toMatch(/demasiados mensajes/);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post(JSON.stringify({ message: "Horario" }))).status).toBe(200);
  });

  it("answers 503, not 500, when the database fails", async () => {
    const broken = {
      ...services,
      db: {
        insertInto: () => {
          throw new Error("db down");
        },
      },
    } as unknown as AppServices;
    const context = new RouterContextProvider();
    context.set(servicesContext, broken);
    context.set(clientIpContext, nextIp());
    const errorSpy = vi.spyOn(broken.logger, "error").mockImplementation(() => undefined);
    const request = new Request(URL_, { method: "POST", body: JSON.stringify({ message: "hola" }) });
    const res = (await action({ request, context, params: {}, unstable_pattern: "" } as never)) as Response;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/no está disponible/);
    expect(errorSpy).toHaveBeenCalled();
  });
});

it("GET /chatbot/chat is 405 with a Spanish message", async () => {
  const res = loader();
  expect(res.status).toBe(405);
  expect(await res.json()).toEqual({ message: "Método no permitido: usa POST" });
});

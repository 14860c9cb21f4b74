import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_RATE_LIMIT } from "~/chat/api.server.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

// Through Express and React Router, as the widget calls it (needs a build: `npm run build`, or BUILD_DIR).
let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.stop();
});

const chat = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}/chatbot/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: srv.url, ...headers },
    body,
  });

describe("POST /chatbot/chat over HTTP", () => {
  it("answers JSON { response, confidence }", async () => {
    const res = await chat(JSON.stringify({ message: "¿Dónde estáis?", session_id: "web" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await res.json()) as { response: string; confidence: number };
    expect(body.response).toContain("Molins de Rei");
    expect(body.confidence).toBeGreaterThan(0.7);
  });

  it("refuses bad input with a Spanish JSON message, never a 500", async () => {
    for (const [body, text] of [
      ["{not json", "no es JSON válido"],
      [JSON.stringify({ message: "   " }), "Escribe tu pregunta"],
      [JSON.stringify({ message: "x".repeat(501) }), "demasiado largo"],
      [JSON.stringify({ message: ["hola"] }), "debe ser un texto"],
    ]) {
      const res = await chat(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(text);
    }
  });

  it("refuses another site's request (CSRF) and GET", async () => {
    const foreign = await chat(JSON.stringify({ message: "hola" }), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const get = await fetch(`${srv.url}/chatbot/chat`);
    expect(get.status).toBe(405);
    expect(((await get.json()) as { message: string }).message).toMatch(/Método no permitido/);
  });

  it("answers 429 to a burst from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_RATE_LIMIT.points + 2; i += 1) {
      statuses.push((await chat(JSON.stringify({ message: "Horario", session_id: "web" }))).status);
    }
    expect(statuses).toContain(429);
    const res = await chat(JSON.stringify({ message: "Horario" }));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(((await res.json()) as { message: string }).message).toMatch(/demasiados mensajes/);
  });
});

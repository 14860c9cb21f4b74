/**
 * POST /chatbot/chat, the widget's public contract: `{ message, session_id, topic?, language? }` →
 * `{ response, confidence, topic }`. `language` is the page's ("es" or "ca", issue 34; Spanish
 * when absent); the answer is in the question's language when it is clearly one, else in the page's. `topic` is the previous reply's, echoed back so
 * a follow-up ("¿y los sábados?") is read in context (conversation-topic.ts); an
 * unknown one is ignored.
 * Every refusal is a 4xx with a Spanish `{ message }`; nothing here answers 500.
 */
import "~/lib/zod-spanish.server.ts";
import { z } from "zod";
import { sha256 } from "~/lib/ids.server.ts";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server.ts";
import { readBodyText } from "~/lib/read-body.server.ts";
import type { AppServices } from "~/services.server.ts";
import { MAX_TOPIC_CHARS, parseTopic } from "./conversation-topic.ts";
import { MAX_MESSAGE_CHARS } from "./messages.ts";
import { LOCALES } from "~/i18n/locales.ts";

/** Enough for a 500-character message with JSON escaping; anything bigger is not a chat message. */
const MAX_BODY_BYTES = 8 * 1024;
/** Per network: a person types far slower; a script hammering the classifier does not (ASVS 2.4.1). */
export const CHAT_RATE_LIMIT: RateLimitRule = { points: 20, windowMs: 60_000 };

const bodySchema = z.object({
  message: z.string({ error: "El mensaje debe ser un texto." }),
  // The web widget sends a fixed value; it is accepted but not used (no server-side conversation state).
  session_id: z
    .string({ error: "session_id debe ser un texto." })
    .max(200, "session_id es demasiado largo.")
    .optional(),
  // Checked against the fixed lists by parseTopic; never more than a short marker.
  topic: z
    .string({ error: "topic debe ser un texto." })
    .max(MAX_TOPIC_CHARS, "topic es demasiado largo.")
    .nullable()
    .optional(),
  language: z.enum(LOCALES, { error: "language debe ser «es» o «ca»." }).optional(),
});

const noStore = { "Cache-Control": "no-store" };

function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ message }, { status, headers: { ...noStore, ...headers } });
}

export async function handleChatRequest(
  services: AppServices,
  request: Request,
  clientNetwork: string,
): Promise<Response> {
  const { db, assistant, logger } = services;
  try {
    // Hashed like every limit's key: the table holds no addresses.
    const limit = await hitRateLimit(db, `chat:${sha256(clientNetwork)}`, CHAT_RATE_LIMIT);
    if (!limit.allowed) {
      return refuse(429, "Has enviado demasiados mensajes seguidos. Espera un momento y vuelve a intentarlo.", {
        "Retry-After": String(limit.retryAfterSeconds),
      });
    }

    const body = await readBodyText(request, MAX_BODY_BYTES);
    if (!body.ok) {
      return body.reason === "too-large"
        ? refuse(413, "La petición es demasiado grande.")
        : refuse(400, "El cuerpo de la petición no es texto UTF-8 válido.");
    }
    let json: unknown;
    try {
      json = JSON.parse(body.text);
    } catch {
      return refuse(400, "El cuerpo de la petición no es JSON válido.");
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      return refuse(400, "El cuerpo debe ser un objeto JSON con el campo message.");
    }
    if (!("message" in json) || json.message === undefined || json.message === null) {
      return refuse(400, "Falta el mensaje.");
    }
    const parsed = bodySchema.safeParse(json);
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? "La petición no es válida.");
    const message = parsed.data.message.trim();
    if (!message) return refuse(400, "Escribe tu pregunta antes de enviarla.");
    if (message.length > MAX_MESSAGE_CHARS) {
      return refuse(400, `El mensaje es demasiado largo: como máximo ${MAX_MESSAGE_CHARS} caracteres.`);
    }

    const reply = await assistant.answer(db, message, {
      topic: parseTopic(parsed.data.topic),
      pageLanguage: parsed.data.language ?? "es",
    });
    return Response.json(
      { response: reply.response, confidence: reply.confidence, topic: reply.topic },
      { headers: noStore },
    );
  } catch (err) {
    // The database or the model failed: the widget shows its technical-problems apology.
    logger.error({ err }, "asistente: error al responder");
    return refuse(503, "El asistente no está disponible ahora mismo. Inténtalo de nuevo en unos minutos.", {
      "Retry-After": "30",
    });
  }
}

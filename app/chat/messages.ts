/** Chat texts and contracts shared by the widget (browser) and its tests. */
import { site } from "~/content/site.ts";
import { instagramLink, phoneLink } from "./reply-format.ts";

/** One message of the conversation, as the widget stores and shows it. */
export interface ChatMessage {
  text: string;
  sender: "user" | "bot";
  /** Epoch milliseconds. */
  timestamp: number;
  /** From the bot reply (`confidence` of /chatbot/chat); absent on local messages. */
  confidence?: number;
  /** From the bot reply: what it was about, sent back with the next question so a follow-up is read in context. */
  topic?: string;
}

export const CHAT_ENDPOINT = "/chatbot/chat";
/** The web widget sends this fixed session id; the server keeps no conversation state. */
export const WEB_SESSION_ID = "web";
/** The conversation lives for the browser session only. */
export const CHAT_STORAGE_KEY = "alejandra-nails-chat";
export const MAX_MESSAGE_CHARS = 500;
/** Older messages are dropped from storage beyond this. */
const MAX_STORED_MESSAGES = 60;

const GREETING = `¡Hola! Soy la asistente virtual de ${site.name}. Pregúntame por nuestros servicios y precios, cómo reservar cita, las formaciones y sus próximas fechas, el horario o cómo llegar.`;

/** The suggested questions: booking, the service menu, courses and their dates, hours, location. */
export const QUICK_QUESTIONS = [
  "Reservar cita",
  "Servicios y precios",
  "Próximos cursos",
  "Horario",
  "¿Dónde estáis?",
] as const;

/** When the request fails: an apology, the salon phone and the Instagram handle. */
export function technicalProblemsMessage(): string {
  return `Lo siento, ahora mismo tengo problemas técnicos. Llámanos al ${phoneLink()} o escríbenos en Instagram ${instagramLink()} y te atendemos enseguida.`;
}

function greetingMessage(now = Date.now()): ChatMessage {
  return { text: GREETING, sender: "bot", timestamp: now };
}

function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.text === "string" &&
    (m.sender === "user" || m.sender === "bot") &&
    typeof m.timestamp === "number" &&
    (m.confidence === undefined || typeof m.confidence === "number") &&
    (m.topic === undefined || typeof m.topic === "string")
  );
}

/** The stored conversation, or just the greeting when there is none or it is unreadable. */
export function parseStoredConversation(raw: string | null): ChatMessage[] {
  if (!raw) return [greetingMessage()];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isChatMessage)) return parsed;
  } catch {
    // Corrupt storage: start over.
  }
  return [greetingMessage()];
}

/** The topic to send with the next question: the last reply's, if it had one. */
export function lastTopic(messages: readonly ChatMessage[]): string | undefined {
  const last = messages.findLast((m) => m.sender === "bot");
  return last?.topic;
}

export function serializeConversation(messages: ChatMessage[]): string {
  return JSON.stringify(messages.slice(-MAX_STORED_MESSAGES));
}

/**
 * Chat contracts shared by the widget (browser) and its tests. The widget's words
 * are in the catalogue ("common.chat.*", sent by the root loader), in the page's language.
 */
import { site } from "~/content/site.ts";
import type { Locale } from "~/i18n/locales.ts";
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

/** The suggested questions (catalogue "common.chat.quick.*"): booking, the service menu, courses and their dates, hours, location. */
export const QUICK_QUESTIONS = ["book", "services", "courses", "hours", "location"] as const;

/** Their catalogue keys, written out (the catalogue check finds every key in the sources). */
export const QUICK_QUESTION_KEYS = {
  book: "common.chat.quick.book",
  services: "common.chat.quick.services",
  courses: "common.chat.quick.courses",
  hours: "common.chat.quick.hours",
  location: "common.chat.quick.location",
} as const satisfies Record<(typeof QUICK_QUESTIONS)[number], string>;

/** The values of the catalogue's "common.chat.greeting". */
export const greetingValues = () => ({ name: site.name });

/** The values of the catalogue's "common.chat.technicalProblems": the salon phone and the Instagram handle. */
export const technicalProblemsValues = () => ({ phone: phoneLink(), instagram: instagramLink() });

function greetingMessage(greeting: string, now = Date.now()): ChatMessage {
  return { text: greeting, sender: "bot", timestamp: now };
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

/**
 * The stored conversation, or just the greeting (`greeting`, in the page's
 * language) when there is none, it is unreadable, or nothing was asked yet (so
 * the greeting follows the page's language after a switch).
 */
export function parseStoredConversation(raw: string | null, greeting: string): ChatMessage[] {
  if (!raw) return [greetingMessage(greeting)];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isChatMessage)) {
      return parsed.some((m) => m.sender === "user") ? parsed : [greetingMessage(greeting)];
    }
  } catch {
    // Corrupt storage: start over.
  }
  return [greetingMessage(greeting)];
}

/** The body the widget posts to CHAT_ENDPOINT. */
export function chatRequestBody(message: string, topic: string | undefined, language: Locale): string {
  return JSON.stringify({ message, session_id: WEB_SESSION_ID, topic, language });
}

/** The topic to send with the next question: the last reply's, if it had one. */
export function lastTopic(messages: readonly ChatMessage[]): string | undefined {
  const last = messages.findLast((m) => m.sender === "bot");
  return last?.topic;
}

export function serializeConversation(messages: ChatMessage[]): string {
  return JSON.stringify(messages.slice(-MAX_STORED_MESSAGES));
}

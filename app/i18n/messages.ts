/**
 * The shape of a catalogue slice and how a page reads it. Each loader that
 * shows text returns `messages` (messagesFor in catalogue.server.ts: only its
 * namespaces, only its language); `useT` gathers the slices of every matched
 * route (the root's "common" one included), so a page ships its own words and
 * nothing of the other language. Pure: the React hook is in react.tsx.
 */
import { compiled, formatNodes, formatText, type MessagePart, type MessageValues } from "./icu.ts";
import type { Locale } from "./locales.ts";
import type esCatalogue from "./messages/es.json";

/** Every key of the Spanish catalogue (the reference: the check holds Catalan to the same keys). */
export type MessageKey = keyof typeof esCatalogue;

export type Messages = Readonly<Partial<Record<MessageKey, string>>>;

/** A loader's slice of the catalogue, as it travels in loader data. */
export interface WithMessages {
  messages: Messages;
}

export interface Translate {
  (key: MessageKey, values?: MessageValues): string;
  /** The message with its tags as parts, for the React layer (t.rich). */
  parts(key: MessageKey, values?: MessageValues): MessagePart[];
  locale: Locale;
}

/**
 * A translate function over these messages. A key absent from the slice shows
 * itself (a visible mistake the catalogue check and the e2e run catch), never
 * a crash; so does a message that does not parse.
 */
export function translator(locale: Locale, messages: Messages): Translate {
  const source = (key: MessageKey): string | undefined => messages[key];
  const t = ((key: MessageKey, values?: MessageValues) => {
    const message = source(key);
    if (message === undefined) return key;
    try {
      return formatText(locale, message, values);
    } catch {
      return key;
    }
  }) as Translate;
  t.parts = (key, values) => {
    const message = source(key);
    if (message === undefined) return [key];
    try {
      return formatNodes(locale, compiled(message), values);
    } catch {
      return [key];
    }
  };
  t.locale = locale;
  return t;
}

/** Whether loader data carries a slice of the catalogue. */
export function hasMessages(data: unknown): data is WithMessages {
  return typeof data === "object" && data !== null && "messages" in data && typeof data.messages === "object";
}

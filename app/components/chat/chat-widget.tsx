import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import {
  CHAT_ENDPOINT,
  CHAT_STORAGE_KEY,
  MAX_MESSAGE_CHARS,
  QUICK_QUESTIONS,
  QUICK_QUESTION_KEYS,
  chatRequestBody,
  greetingValues,
  lastTopic,
  parseStoredConversation,
  serializeConversation,
  technicalProblemsValues,
  type ChatMessage,
} from "~/chat/messages.ts";
import type { Locale } from "~/i18n/locales.ts";
import { useLocale, useT } from "~/i18n/react.tsx";
import { MessageText } from "./message-text.tsx";
// Loaded with this lazy chunk, not with the page.
import "./chat-widget.css";

function loadConversation(greeting: string): ChatMessage[] {
  try {
    return parseStoredConversation(window.sessionStorage.getItem(CHAT_STORAGE_KEY), greeting);
  } catch {
    // Storage disabled (private mode, policy): the chat still works, unsaved.
    return parseStoredConversation(null, greeting);
  }
}

function saveConversation(messages: ChatMessage[]) {
  try {
    window.sessionStorage.setItem(CHAT_STORAGE_KEY, serializeConversation(messages));
  } catch {
    // Quota or policy: keeping the conversation is a nicety.
  }
}

interface Apologies {
  technicalProblems: string;
  tooManyMessages: string;
}

/** Asks the API; any failure becomes the spec's technical-problems apology (rate limits say so). */
async function ask(
  message: string,
  topic: string | undefined,
  language: Locale,
  apologies: Apologies,
): Promise<ChatMessage> {
  try {
    const res = await fetch(CHAT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      // The previous reply's topic goes back, so "¿y los sábados?" is read in context; the page's
      // language, so a question that could be either language is answered in the page's.
      body: chatRequestBody(message, topic, language),
    });
    const data: unknown = await res.json().catch(() => null);
    const body = (data ?? {}) as { response?: unknown; confidence?: unknown; message?: unknown; topic?: unknown };
    if (res.ok && typeof body.response === "string") {
      const confidence = typeof body.confidence === "number" ? body.confidence : undefined;
      const replyTopic = typeof body.topic === "string" ? body.topic : undefined;
      return { text: body.response, sender: "bot", timestamp: Date.now(), confidence, topic: replyTopic };
    }
    // The API says it in Spanish; the widget says it in the page's language.
    if (res.status === 429) return { text: apologies.tooManyMessages, sender: "bot", timestamp: Date.now() };
  } catch {
    // Network failure: fall through to the apology.
  }
  return { text: apologies.technicalProblems, sender: "bot", timestamp: Date.now() };
}

export interface ChatWidgetProps {
  id: string;
  onClose: () => void;
}

/** The chat panel: a non-modal dialog next to its floating toggle, so the page stays usable. */
export default function ChatWidget({ id, onClose }: ChatWidgetProps) {
  const t = useT();
  const locale = useLocale();
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    loadConversation(t("common.chat.greeting", greetingValues())),
  );
  const [draft, setDraft] = useState("");
  const [waiting, setWaiting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    saveConversation(messages);
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, waiting]);

  async function send(text: string) {
    const message = text.trim();
    if (!message || waiting) return;
    setMessages((m) => [...m, { text: message, sender: "user", timestamp: Date.now() }]);
    setDraft("");
    setWaiting(true);
    const reply = await ask(message, lastTopic(messages), locale, {
      technicalProblems: t("common.chat.technicalProblems", technicalProblemsValues()),
      tooManyMessages: t("common.chat.tooManyMessages"),
    });
    setMessages((m) => [...m, reply]);
    setWaiting(false);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void send(draft);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
    }
  }

  const onlyGreeting = messages.length === 1 && messages[0].sender === "bot";
  const canSend = draft.trim().length > 0 && !waiting;

  return (
    // The dialog handles Escape for everything inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={id}
      className="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <header className="chat-panel__header">
        <div>
          <h2 id={titleId} className="chat-panel__title">
            {t("common.chat.title")}
          </h2>
          <p className="chat-panel__subtitle">{t("common.chat.subtitle")}</p>
        </div>
        <button type="button" className="chat-panel__close" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t("common.chat.close")}</span>
        </button>
      </header>

      {/* Focusable so a long conversation scrolls with the keyboard too (axe: scrollable-region-focusable). */}
      <div
        ref={listRef}
        className="chat-panel__messages"
        role="log"
        aria-live="polite"
        aria-label={t("common.chat.log")}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable log must take focus to scroll
        tabIndex={0}
      >
        <ol className="chat-panel__list">
          {messages.map((m, i) => (
            <li key={`${m.timestamp}-${i}`} className={`chat-msg chat-msg--${m.sender}`}>
              <span className="visually-hidden">
                {`${m.sender === "user" ? t("common.chat.you") : t("common.chat.assistant")} `}
              </span>
              {/* Only the assistant's replies carry links; what the visitor typed is shown as typed. */}
              {m.sender === "bot" ? <MessageText text={m.text} /> : m.text}
            </li>
          ))}
        </ol>
      </div>

      {waiting ? (
        <div className="chat-typing" role="status">
          <span className="chat-typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="visually-hidden">{t("common.chat.typing")}</span>
        </div>
      ) : null}

      {onlyGreeting ? (
        <div className="chat-quick" role="group" aria-label={t("common.chat.quickQuestions")}>
          {QUICK_QUESTIONS.map((key) => {
            const q = t(QUICK_QUESTION_KEYS[key]);
            return (
              <button
                key={key}
                type="button"
                className="chat-quick__btn"
                onClick={() => {
                  // The quick questions vanish once asked: keep focus in the conversation.
                  inputRef.current?.focus();
                  void send(q);
                }}
                disabled={waiting}
              >
                {q}
              </button>
            );
          })}
        </div>
      ) : null}

      <form className="chat-panel__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t("common.chat.inputLabel")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="chat-panel__input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={MAX_MESSAGE_CHARS}
          placeholder={t("common.chat.placeholder")}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="chat-panel__send" disabled={!canSend}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M3 11.5L21 3l-8.5 18-2-7.5L3 11.5z" fill="currentColor" />
          </svg>
          <span className="visually-hidden">{t("common.chat.send")}</span>
        </button>
      </form>
    </section>
  );
}

import { describe, expect, it } from "vitest";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import {
  chatRequestBody,
  greetingValues,
  lastTopic,
  parseStoredConversation,
  QUICK_QUESTIONS,
  serializeConversation,
  type ChatMessage,
} from "./messages.ts";

const es = serverTranslator("es");
const ca = serverTranslator("ca");
const GREETING = es("common.chat.greeting", greetingValues());

describe("chat messages", () => {
  it("offers booking, the service menu and the courses among the quick replies, in both languages", () => {
    expect(QUICK_QUESTIONS.map((k) => es(`common.chat.quick.${k}`))).toEqual([
      "Reservar cita",
      "Servicios y precios",
      "Próximos cursos",
      "Horario",
      "¿Dónde estáis?",
    ]);
    expect(QUICK_QUESTIONS.map((k) => ca(`common.chat.quick.${k}`))).toEqual([
      "Reservar cita",
      "Serveis i preus",
      "Propers cursos",
      "Horari",
      "On sou?",
    ]);
    const [greeting] = parseStoredConversation(null, GREETING);
    for (const word of ["servicios", "reservar cita", "formaciones"]) expect(greeting.text).toContain(word);
    const catalan = ca("common.chat.greeting", greetingValues());
    expect(catalan).toBe(
      "Hola! Soc l’assistenta virtual d’Alejandra Nails. Pregunta’m pels nostres serveis i preus, com reservar cita, les formacions i les properes dates, l’horari o com arribar-hi.",
    );
  });

  it("keeps each reply's topic and sends back the last one", () => {
    const conversation: ChatMessage[] = [
      { text: "a q hora abris", sender: "user", timestamp: 1 },
      { text: "Nuestro horario…", sender: "bot", timestamp: 2, confidence: 1, topic: "salon.hours" },
      { text: "¿y los sábados?", sender: "user", timestamp: 3 },
    ];
    const stored = parseStoredConversation(serializeConversation(conversation), GREETING);
    expect(stored).toEqual(conversation);
    expect(lastTopic(stored)).toBe("salon.hours");
    expect(lastTopic(parseStoredConversation(null, GREETING))).toBeUndefined();
    // A stored topic that is not text makes the stored conversation unreadable: it starts over.
    const corrupt = JSON.stringify([{ text: "x", sender: "bot", timestamp: 1, topic: 5 }]);
    expect(parseStoredConversation(corrupt, GREETING)).toHaveLength(1);
    expect(parseStoredConversation(corrupt, GREETING)[0].topic).toBeUndefined();
  });

  it("greets in the page's language when nothing was asked yet, and sends the page's language", () => {
    const untouched = serializeConversation(parseStoredConversation(null, GREETING));
    const catalan = ca("common.chat.greeting", greetingValues());
    expect(parseStoredConversation(untouched, catalan).map((m) => m.text)).toEqual([catalan]);
    expect(JSON.parse(chatRequestBody("on sou?", undefined, "ca"))).toEqual({
      message: "on sou?",
      session_id: "web",
      language: "ca",
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  lastTopic,
  parseStoredConversation,
  QUICK_QUESTIONS,
  serializeConversation,
  type ChatMessage,
} from "./messages.ts";

describe("chat messages", () => {
  it("offers booking, the service menu and the courses among the quick replies", () => {
    expect(QUICK_QUESTIONS).toEqual([
      "Reservar cita",
      "Servicios y precios",
      "Próximos cursos",
      "Horario",
      "¿Dónde estáis?",
    ]);
    const [greeting] = parseStoredConversation(null);
    for (const word of ["servicios", "reservar cita", "formaciones"]) expect(greeting.text).toContain(word);
  });

  it("keeps each reply's topic and sends back the last one", () => {
    const conversation: ChatMessage[] = [
      { text: "a q hora abris", sender: "user", timestamp: 1 },
      { text: "Nuestro horario…", sender: "bot", timestamp: 2, confidence: 1, topic: "salon.hours" },
      { text: "¿y los sábados?", sender: "user", timestamp: 3 },
    ];
    const stored = parseStoredConversation(serializeConversation(conversation));
    expect(stored).toEqual(conversation);
    expect(lastTopic(stored)).toBe("salon.hours");
    expect(lastTopic(parseStoredConversation(null))).toBeUndefined();
    // A stored topic that is not text makes the stored conversation unreadable: it starts over.
    const corrupt = JSON.stringify([{ text: "x", sender: "bot", timestamp: 1, topic: 5 }]);
    expect(parseStoredConversation(corrupt)).toHaveLength(1);
    expect(parseStoredConversation(corrupt)[0].topic).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { detectLanguage, replyLanguage } from "./language.ts";

describe("detectLanguage", () => {
  it.each([
    "quin horari teneu el dissabte",
    "cuant costa el curs d'iniciacio",
    "hi ha parking a prop?",
    "on sou?",
    "obriu dilluns?",
    "vull reservar hora",
    "puc aparcar a la vora?",
    "Quina és l’adreça?",
    "teniu hora dema a la tarda",
    "quan comença el proxim curs",
    "puc cancel·lar la matricula",
  ])("reads %j as Catalan", (text) => {
    expect(detectLanguage(text)).toBe("ca");
  });

  it.each([
    "que horario teneis el sabado",
    "cuanto cuesta el curso de iniciacion",
    "hay parking cerca?",
    "donde estais?",
    "abris los lunes?",
    "quiero reservar cita",
    "me hago las uñas",
    "cuando empieza el proximo curso",
  ])("reads %j as Spanish", (text) => {
    expect(detectLanguage(text)).toBe("es");
  });

  it.each(["hola", "ok", "manicura", "", "expert nails?", "12345"])("cannot tell %j", (text) => {
    expect(detectLanguage(text)).toBeNull();
  });
});

describe("replyLanguage", () => {
  it("answers in the question's language when it is clear, else in the page's", () => {
    expect(replyLanguage("on sou?", "es")).toBe("ca");
    expect(replyLanguage("donde estais?", "ca")).toBe("es");
    expect(replyLanguage("hola", "ca")).toBe("ca");
    expect(replyLanguage("hola", "es")).toBe("es");
  });
});

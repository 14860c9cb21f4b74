import { describe, expect, it } from "vitest";
import { normalizeMessage } from "./normalize.ts";

describe("normalizeMessage", () => {
  it("expands WhatsApp shorthand, keeping punctuation", () => {
    expect(normalizeMessage("q horario teneis?")).toBe("que horario teneis?");
    expect(normalizeMessage("info porfa")).toBe("información por favor");
    expect(normalizeMessage("¿Tenéis whats?")).toBe("¿Tenéis whatsapp?");
    expect(normalizeMessage("kiero info xa el kurso xfavor")).toBe("quiero información para el curso por favor");
    expect(normalizeMessage("qnto cuesta? grax")).toBe("cuánto cuesta? gracias");
  });

  it("expands the short forms of casual phone messages (issue item 14)", () => {
    expect(normalizeMessage("m pasas el tlfn porfavor")).toBe("me pasas el teléfono por favor");
    expect(normalizeMessage("cita pal sabado xfi")).toBe("cita para el sabado por favor");
    expect(normalizeMessage("cuanto cuesta la mani? y la pedi?")).toBe("cuanto cuesta la manicura? y la pedicura?");
  });

  it("collapses stretched letters and drops emoji", () => {
    expect(normalizeMessage("holaaa 👋👋  graciasss")).toBe("hola gracias");
  });

  it("leaves ordinary words alone", () => {
    expect(normalizeMessage("¿Cuánto cuesta el Expert Nails?")).toBe("¿Cuánto cuesta el Expert Nails?");
    expect(normalizeMessage("carro perro llamar")).toBe("carro perro llamar");
  });
});

import { describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import {
  followBookingLink,
  link,
  linkKind,
  linksSiteBooking,
  parseReply,
  phoneLink,
  visibleText,
  whatsappLink,
} from "./reply-format.ts";

describe("reply links", () => {
  it("parses labelled links and keeps the text around them", () => {
    expect(parseReply(`Mira ${link("Ver formaciones", "/formaciones")}.`)).toEqual([
      { type: "text", text: "Mira " },
      { type: "link", label: "Ver formaciones", href: "/formaciones", kind: "internal" },
      { type: "text", text: "." },
    ]);
  });

  it("turns phone numbers into tap-to-call links, written or bare", () => {
    expect(parseReply(phoneLink())).toEqual([
      { type: "link", label: site.phone.display, href: site.phone.href, kind: "tel" },
    ]);
    expect(parseReply("Llama al 655 48 21 37 o al +34 931234567.")).toEqual([
      { type: "text", text: "Llama al " },
      { type: "link", label: "655 48 21 37", href: "tel:+34655482137", kind: "tel" },
      { type: "text", text: " o al " },
      { type: "link", label: "+34 931234567", href: "tel:+34931234567", kind: "tel" },
      { type: "text", text: "." },
    ]);
    // Prices and years are not phones.
    expect(parseReply("Cuesta 999 € en 2027").every((s) => s.type === "text")).toBe(true);
  });

  it("allows only site paths, tel:, the salon's WhatsApp and the site's known addresses", () => {
    expect(linkKind("/formaciones/expert-nails")).toBe("internal");
    expect(linkKind(site.externalBookingUrl)).toBe("external");
    expect(linkKind("/reservar")).toBe("internal");
    expect(linkKind(site.maps.directions)).toBe("external");
    expect(linkKind(`mailto:${site.email}`)).toBe("external");
    expect(linkKind(site.whatsapp.link("hola"))).toBe("external");
    for (const bad of [
      "//evil.example/x",
      "javascript:alert(1)",
      "https://evil.example",
      "https://wa.me/34999999999",
      "data:text/html,hi",
      '/a"onmouseover=x',
      "mailto:someone@evil.example",
    ]) {
      expect(linkKind(bad), bad).toBeNull();
    }
    // A refused link shows its label only (the rest of the text stays text).
    expect(parseReply("[pulsa aquí](javascript:alert(1))")).toEqual([{ type: "text", text: "pulsa aquí)" }]);
    expect(visibleText("[Gana dinero](https://evil.example)")).toBe("Gana dinero");
  });

  it("shows labels, never raw addresses", () => {
    const text = `Escríbenos: ${whatsappLink()} o llama al ${phoneLink()}. ${link("Ver formaciones", "/formaciones")}`;
    expect(visibleText(text)).toBe(
      `Escríbenos: Escribir por WhatsApp o llama al ${site.phone.display}. Ver formaciones`,
    );
  });
});

describe("booking links", () => {
  const external = { href: "https://reservas.example.com/a?x=$1", external: true };
  it("leads every /reservar link, a step's too, to the external booking page", () => {
    const text = `${link("Reservar cita", "/reservar")} o ${link("10:00", "/reservar?servicio=semipermanente&hora=10:00")}; ${link("Servicios", "/servicios")}`;
    expect(linksSiteBooking(text)).toBe(true);
    expect(followBookingLink(text, external)).toBe(
      `[Reservar cita](${external.href}) o [10:00](${external.href}); [Servicios](/servicios)`,
    );
    expect(followBookingLink(text, { href: "/reservar", external: false })).toBe(text);
    expect(linksSiteBooking(link("Formaciones", "/formaciones"))).toBe(false);
  });
});

/** "No quedaban plazas" for an order made in Catalan (orders.locale, issue 34). */
import { describe, expect, it } from "vitest";
import { buildSeatUnavailableEmail } from "./seat-email.server.ts";

const order = { id: "3f2a9c1e-0000-4000-8000-000000000001", email: "nuria@example.com", locale: "ca" as const };
const items = [{ title: "Formación de inicio", edition_starts_on: "2027-04-06", price_cents: 28000 }];

describe("seat-unavailable email", () => {
  it("is written in Catalan for a Catalan order", () => {
    const mail = buildSeatUnavailableEmail({ order, items, publicUrl: "https://www.alejandranails.es" });
    expect(mail.subject).toBe("No quedaven places: et retornem el pagament (comanda 3F2A9C1E) · Alejandra Nails");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.text).toContain("- «Formación de inicio», convocatòria del 6 d’abril de 2027");
    expect(mail.text).toContain("No t’hem inscrit i et retornem 280,00\u00a0€ amb el mateix mètode de pagament.");
    // The courses page in Catalan (localHref: the Spanish address while a page is not CATALAN_READY).
    expect(mail.text).toContain("Convocatòries: https://www.alejandranails.es/ca/formacions");
    expect(mail.text).not.toMatch(/Hemos|Pedido|plazas/);
  });

  it("stays Spanish for a Spanish order", () => {
    const mail = buildSeatUnavailableEmail({ order: { ...order, locale: "es" }, items, publicUrl: "https://x.test" });
    expect(mail.subject).toBe("No quedaban plazas: te devolvemos tu pago (pedido 3F2A9C1E) · Alejandra Nails");
    expect(mail.text).toContain("- «Formación de inicio», convocatoria del 6 de abril de 2027");
    expect(mail.text).toContain("Pedido: 3F2A9C1E");
  });
});

/** The refund notice of an order made in Catalan (orders.locale, issue 34), beside the Spanish one. */
import { describe, expect, it } from "vitest";
import { buildRefundEmail } from "./refund-email.server.ts";

const order = {
  id: "3f2a9c1e-0000-4000-8000-000000000001",
  email: "nuria@example.com",
  total_cents: 28000,
  refunded_cents: 28000,
  payment_method: "card",
  locale: "ca" as const,
};
const refund = { amount_cents: 28000, reason: "withdrawal", completed_at: "2026-11-30T10:00:00.000Z" };

describe("refund email", () => {
  it("is written in Catalan for a Catalan order", () => {
    const mail = buildRefundEmail({ refund, order, titles: ["Formación de inicio"] });
    expect(mail.subject).toBe("Reemborsament de la teva comanda 3F2A9C1E · Alejandra Nails");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.text).toContain("Has desistit del contracte, així que et retornem l’import.");
    expect(mail.text).toContain("Comanda 3F2A9C1E: Formación de inicio.");
    expect(mail.text).toContain(
      "Import reemborsat: 280,00\u00a0€ (la comanda completa), amb el mateix mètode de pagament que vas fer servir, el 30 de novembre de 2026.",
    );
    expect(mail.text).toContain("pot trigar entre 5 i 10 dies hàbils");
    expect(mail.text).not.toMatch(/Pedido|Importe|Hemos/);
  });

  it("stays as it was for a Spanish order", () => {
    const partial = { ...order, locale: "es" as const, refunded_cents: 10000 };
    const mail = buildRefundEmail({
      refund: { ...refund, reason: "other", completed_at: null },
      order: partial,
      titles: [],
    });
    expect(mail.subject).toBe("Reembolso de tu pedido 3F2A9C1E · Alejandra Nails");
    expect(mail.text).toContain("Te devolvemos el importe indicado.");
    expect(mail.text).toContain("Importe reembolsado: 280,00\u00a0€, con el mismo método de pago que usaste.");
    expect(mail.text).toContain("Pedido 3F2A9C1E.");
  });
});

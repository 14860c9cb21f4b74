/** The withdrawal acknowledgement of an order made in Catalan (orders.locale, issue 34). */
import { describe, expect, it } from "vitest";
import { buildWithdrawalAckEmail } from "./withdrawal-email.server.ts";

const order = { id: "3f2a9c1e-0000-4000-8000-000000000001", email: "nuria@example.com", locale: "ca" as const };

describe("withdrawal acknowledgement", () => {
  it("is written in Catalan for a Catalan order", () => {
    const mail = buildWithdrawalAckEmail({
      order,
      titles: ["Formación de inicio"],
      withdrawal: { requested_at: "2026-11-30T10:00:00.000Z", status: "refunded" },
      refundCents: 28000,
    });
    expect(mail.subject).toBe("Desistiment rebut (comanda 3F2A9C1E) · Alejandra Nails");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.text).toMatch(
      /Hem rebut el teu desistiment de la comanda 3F2A9C1E el .*novembre.* \(hora de Madrid\)\./,
    );
    expect(mail.text).toContain("Curs del qual desisteixes:\n- Formación de inicio");
    expect(mail.text).toContain(
      "Et retornem 280,00\u00a0€ amb el mateix mètode de pagament, en un termini màxim de 14 dies.",
    );
    expect(mail.text).not.toMatch(/Hemos|pedido|Curso del que/);
  });

  it("stays Spanish for a Spanish order", () => {
    const mail = buildWithdrawalAckEmail({
      order: { ...order, locale: "es" },
      titles: ["A", "B"],
      withdrawal: { requested_at: "2026-11-30T10:00:00.000Z", status: "requested" },
      refundCents: 0,
    });
    expect(mail.subject).toBe("Desistimiento recibido (pedido 3F2A9C1E) · Alejandra Nails");
    expect(mail.text).toContain("Cursos de los que desistes:");
    expect(mail.text).toContain("(art. 108.3 del TRLGDCU)");
  });
});

import { describe, expect, it } from "vitest";
import { buildConfirmationEmail, editionText, withdrawalText } from "./confirmation-email.server.ts";
import { sampleOrderItem, sampleOrderRow } from "../../tests/helpers/order-rows.ts";
import type { OrderItemRow, OrderRow } from "./orders.server.ts";

const order: OrderRow = sampleOrderRow({ payment_method: "klarna", provider: "demo", provider_session_id: "demo_x" });
const items: (OrderItemRow & { course_id: string })[] = [
  sampleOrderItem(order),
  sampleOrderItem(order, {
    id: "01-b",
    course_id: "expert-nails",
    edition_id: null,
    title: "Expert Nails",
    price_cents: 99900,
    edition_starts_on: null,
    edition_ends_on: null,
  }),
];

describe("confirmation email", () => {
  const mail = buildConfirmationEmail({
    order,
    items,
    buyerName: "Lucía",
    publicUrl: "https://www.alejandranails.es",
    now: new Date("2026-11-23T10:02:00Z"),
  });

  it("lists every line, the total, the method and the order reference in Spanish", () => {
    expect(mail.to).toBe("lucia@example.com");
    expect(mail.subject).toContain("3F2A9C1E");
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain("Formación de inicio");
      expect(text).toContain("Expert Nails");
      expect(text).toContain("1.279,00");
      expect(text).toContain("Klarna - Paga en 3");
      expect(text).toContain("febrero de 2027");
    }
    expect(mail.text).toContain("Hola, Lucía:");
    expect(mail.html).toContain("https://www.alejandranails.es/mis-cursos");
  });

  it("explains the 14-day right, the early-start request when made, and carries the model form", () => {
    expect(mail.text).toContain("14 días naturales");
    expect(mail.text).toContain("pagarás la parte ya impartida");
    expect(mail.text).toContain("Modelo de formulario de desistimiento");
    expect(mail.html).toContain("Táchese lo que no proceda");
    expect(mail.text).not.toMatch(/contenido digital|pierdes el derecho/i);
    expect(withdrawalText({ withdrawal_waiver_at: null })).toContain("14 días naturales");
    expect(withdrawalText({ withdrawal_waiver_at: null })).not.toContain("108.3");
  });

  it("attaches one .ics per booked edition", () => {
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: "formacion-de-inicio-2027-02-09.ics" });
    expect(String(mail.attachments![0].content)).toContain("DTSTART;VALUE=DATE:20270209");
  });

  it("words edition dates", () => {
    expect(editionText(items[0])).toBe(
      "Empieza en febrero de 2027 (del 9 de febrero de 2027 al 11 de febrero de 2027)",
    );
    expect(editionText(items[1])).toMatch(/^Fecha por confirmar/);
  });
});

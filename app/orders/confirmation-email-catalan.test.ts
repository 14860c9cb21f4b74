/** The purchase confirmation of an order made in Catalan (issue 34): text, frame, form and .ics. */
import { describe, expect, it } from "vitest";
import { buildConfirmationEmail, editionText } from "./confirmation-email.server.ts";
import { sampleOrderItem, sampleOrderRow } from "../../tests/helpers/order-rows.ts";
import type { OrderItemRow, OrderRow } from "./orders.server.ts";

const order: OrderRow = sampleOrderRow({
  email: "nuria@example.com",
  withdrawal_waiver_at: "2026-11-30T10:00:00.000Z",
  created_at: "2026-11-30T10:00:00.000Z",
  updated_at: "2026-11-30T10:00:00.000Z",
  paid_at: "2026-11-30T10:01:00.000Z",
  locale: "ca",
});
const items: (OrderItemRow & { course_id: string })[] = [
  sampleOrderItem(order, { edition_starts_on: "2027-04-06", edition_ends_on: "2027-04-08" }),
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
const owned = [{ ...items[1]!, id: "02-c", course_id: "gel", title: "Gel", price_cents: 15000 }];

describe("confirmation email in Catalan", () => {
  const mail = buildConfirmationEmail({
    order,
    items,
    alreadyOwned: owned,
    buyerName: "Núria",
    publicUrl: "https://www.alejandranails.es",
    now: new Date("2026-11-30T10:02:00Z"),
  });

  it("has a Catalan subject, frame and body", () => {
    expect(mail.subject).toBe("Confirmació de la teva compra (comanda 3F2A9C1E) · Alejandra Nails");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.html).toContain("Pagament confirmat!");
    expect(mail.html).toContain("Nail &amp; Beauty Studio · Acadèmia");
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain(
        "Gràcies per confiar en nosaltres! Hem rebut el teu pagament i ja tens la plaça reservada.",
      );
      expect(text).toContain("Inici: abril de 2027 (del 6 d’abril de 2027 al 8 d’abril de 2027)");
      expect(text).toContain("Data per confirmar");
      expect(text).toContain("Total pagat");
      expect(text).toContain("1.279,00");
      expect(text).toContain("Targeta de crèdit o de dèbit");
      expect(text).toContain("Ja tenies «Gel»: no t’hem donat una altra plaça i et retornem 150,00");
      expect(text).toContain("De dilluns a divendres: 09:00 - 21:00");
      expect(text).toContain("Diumenge: tancat");
    }
    expect(mail.text).toContain("Hola, Núria:");
    expect(mail.text).toContain("Comanda: 3F2A9C1E · Mètode de pagament: Targeta de crèdit o de dèbit");
    expect(mail.html).toContain("Veure els meus cursos");
    // The Catalan page of her courses.
    expect(mail.text).toContain("Els teus cursos: https://www.alejandranails.es/ca/els-meus-cursos");
    expect(mail.text).not.toMatch(/Gracias|Pedido|Lunes a viernes|cerrado|Hemos recibido/);
  });

  it("states the withdrawal right and carries the model form in Catalan", () => {
    expect(mail.text).toContain("Tens dret de desistiment: disposes de 14 dies naturals");
    expect(mail.text).toContain("El 30 de novembre de 2026 ens vas demanar expressament");
    expect(mail.text).toContain("(art. 108.3 del TRLGDCU)");
    expect(mail.text).toContain("Model de formulari de desistiment");
    expect(mail.html).toContain("Ratlleu el que no escaigui");
    expect(mail.text).not.toContain("Modelo de formulario");
  });

  it("attaches the .ics with a Catalan description", () => {
    expect(mail.attachments).toHaveLength(1);
    const ics = String(mail.attachments![0]!.content);
    expect(ics).toContain("DTSTART;VALUE=DATE:20270406");
    expect(ics.replace(/\r\n /g, "")).toContain(
      "Formació a Alejandra Nails. Els teus cursos: https://www.alejandranails.es/ca/els-meus-cursos",
    );
  });

  it("keeps a Spanish order's edition wording", () => {
    expect(editionText(items[0]!)).toBe("Empieza en abril de 2027 (del 6 de abril de 2027 al 8 de abril de 2027)");
    expect(editionText(items[0]!, "ca")).toBe("Inici: abril de 2027 (del 6 d’abril de 2027 al 8 d’abril de 2027)");
  });
});

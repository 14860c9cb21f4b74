import { describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import { decodeQrDataUrl } from "../../tests/helpers/counter-ticket.ts";
import { sampleInvoice, sampleQrUrl } from "../../tests/helpers/invoice-documents.ts";
import { TICKET_QR_MM, ticketQr, ticketView } from "./ticket-view.server.ts";
import type { Ticket } from "./ticket.server.ts";

const NBSP_EURO = "\u00a0€";

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    saleId: "s1",
    locale: "es",
    at: "2026-11-24T17:05:00.000Z",
    invoiceId: "i1",
    document: sampleInvoice({ operationDate: null }),
    payments: [{ method: "card", amountCents: 127900, tenderedCents: null, changeCents: 0 }],
    tipCents: 0,
    refund: null,
    emailTo: null,
    returns: [],
    ...overrides,
  };
}

describe("the ticket's words", () => {
  it("states a factura completa: number, dates, seller, buyer, lines, totals, the salon's address", () => {
    const view = ticketView(ticket())!;
    expect(view.lang).toBe("es");
    expect(view.title).toBe("Factura");
    expect(view.facts).toEqual([
      "Nº AN2026-000001",
      "Fecha de expedición: 24/11/2026",
      "Hora: 18:05",
      "Pedido: AN-7QK2M",
    ]);
    expect(view.shop).toEqual({
      name: site.name,
      lines: [site.address.street, "08750 Molins de Rei (Barcelona)", `Tel. ${site.phone.display}`],
    });
    expect(view.seller.heading).toBe("Emisor");
    expect(view.seller.lines).toEqual(expect.arrayContaining(["Alejandra Ruiz Peñalver", "NIF: 12345678Z"]));
    expect(view.buyer).toEqual({
      heading: "Destinatario",
      lines: ["Núria Güell Ibáñez", "NIF: X1234567L", "Avinguda de València, 3, 2º 1ª", "08001 Barcelona"],
    });
    expect(view.lines).toEqual([
      {
        description: "Curso de uñas acrílicas – nivel iniciación",
        detail: "Convocatoria del 12 al 14 de enero de 2027",
        quantity: null,
        vat: "21\u00a0%",
        total: `1.279,00${NBSP_EURO}`,
      },
    ]);
    expect(view.totals.map((r) => [r.label, r.amount])).toEqual([
      ["Base imponible", `1.057,02${NBSP_EURO}`],
      ["IVA", `221,98${NBSP_EURO}`],
      ["Total", `1.279,00${NBSP_EURO}`],
    ]);
    expect(view.vatIncluded).toBe("IVA incluido");
    expect(view.money).toEqual([{ label: "Tarjeta (datáfono)", amount: `1.279,00${NBSP_EURO}` }]);
    expect(view.rectification).toBeNull();
    expect(view.demoNotice).toBeNull();
  });

  it("prints the operation's date when it differs, and the cash handed over, the change and the tip apart", () => {
    const view = ticketView(
      ticket({
        locale: "ca",
        document: sampleInvoice({ operationDate: "2026-11-23", totalCents: 4000, locale: "ca" }),
        tipCents: 300,
        payments: [{ method: "cash", amountCents: 4300, tenderedCents: 5000, changeCents: 700 }],
      }),
    )!;
    expect(view.facts).toContain("Data de l’operació: 23/11/2026");
    expect(view.money).toEqual([
      { label: "Propina (no inclosa a la factura)", amount: `3,00${NBSP_EURO}` },
      { label: "Total pagat", amount: `43,00${NBSP_EURO}`, strong: true },
      { label: "Efectiu", amount: `43,00${NBSP_EURO}` },
      { label: "Lliurat", amount: `50,00${NBSP_EURO}` },
      { label: "Canvi", amount: `7,00${NBSP_EURO}` },
    ]);
    expect(view.thanks).toBe("Gràcies per la visita");
  });

  it("draws the invoice's QR at 35 mm with the VERI*FACTU legend, as the PDF does", () => {
    const view = ticketView(ticket())!;
    const url = sampleQrUrl("AN2026-000001", "24-11-2026", "1279.00");
    expect(view.qr?.caption).toBe("QR tributario:");
    expect(view.qr?.verifactu).toEqual({
      mark: "VERI*FACTU",
      legend: "Factura verificable en la sede electrónica de la AEAT",
    });
    expect(decodeQrDataUrl(view.qr!.src)).toBe(url);
    const qr = ticketQr(url, false);
    expect(qr.verifactu).toBeNull();
    // The image carries a 4-module quiet zone around the 35 mm symbol; with the margin, 6 mm clear.
    expect(qr.imageMm).toBeGreaterThan(TICKET_QR_MM);
    expect((qr.imageMm - TICKET_QR_MM) / 2 + qr.marginMm).toBeCloseTo(6, 1);
  });

  it("shows a demo sale's document as such, without a QR", () => {
    const view = ticketView(ticket({ document: sampleInvoice({ demo: true, qrUrl: null, verifactu: false }) }))!;
    expect(view.qr).toBeNull();
    expect(view.demoNotice).toBe("Documento de demostración sin validez fiscal");
    expect(view.title).toBe("Documento de demostración");
  });

  it("shows a return's rectificativa and the money given back", () => {
    const view = ticketView(
      ticket({
        locale: "ca",
        payments: [],
        refund: { method: "bizum", amountCents: 1500 },
        document: sampleInvoice({
          kind: "R5",
          buyer: null,
          locale: "ca",
          rectifies: { number: "AN2026-000001", issueDate: "2026-11-20", reason: "Devolución en el salón" },
        }),
      }),
    )!;
    expect(view.title).toBe("Factura rectificativa (simplificada)");
    expect(view.rectification?.lines).toEqual([
      "Rectifica la factura núm. AN2026-000001 de data 20/11/2026",
      "Motiu: Devolución en el salón",
      expect.stringContaining("Rectificació per diferències"),
    ]);
    expect(view.money).toEqual([
      { label: "Import retornat", amount: `15,00${NBSP_EURO}`, strong: true },
      { label: "Bizum", amount: `15,00${NBSP_EURO}` },
    ]);
  });

  it("has nothing to print while the invoice waits to be issued", () => {
    expect(ticketView(ticket({ document: null, invoiceId: null }))).toBeNull();
  });
});

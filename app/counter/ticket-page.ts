/**
 * What the ticket page (/gestion/caja/ticket/:saleId) and its server side
 * share: the ticket's words as the loader sends them (built by
 * ticket-view.server.ts), the form's names and the page's address. Pure.
 */

/** The query parameter naming one of the sale's returns (its rectificativa), and the form field that repeats it. */
export const RETURN_PARAM = "devolucion";
/** The "Enviar por correo" form's intent. */
export const EMAIL_INTENT = "enviar-correo";
/** The notice after "Enviar por correo". */
export const SENT_NOTICE = "correo-enviado";

/** The ticket page of a sale, or of one of its returns when `returnId` is given. */
export function ticketHref(saleId: string, returnId?: string | null, notice?: string): string {
  const query = new URLSearchParams();
  if (returnId) query.set(RETURN_PARAM, returnId);
  if (notice) query.set("aviso", notice);
  const search = query.toString();
  return `/gestion/caja/ticket/${encodeURIComponent(saleId)}${search ? `?${search}` : ""}`;
}

export interface TicketQr {
  caption: string;
  /** data:image/png;base64,… */
  src: string;
  /** The image's side, its quiet zone included, so that the symbol itself is TICKET_QR_MM. */
  imageMm: number;
  /** White space kept above and below the image, on top of its quiet zone, to make the AEAT's clearance. */
  marginMm: number;
  /** "VERI*FACTU" and its legend, in VERI*FACTU mode only. */
  verifactu: { mark: string; legend: string } | null;
}

export interface TicketRow {
  label: string;
  amount: string;
  strong?: boolean;
}

export interface TicketSection {
  heading: string;
  lines: string[];
}

/** The ticket in words, in the client's language. */
export interface TicketView {
  /** The ticket's language, for its `lang` attribute. */
  lang: string;
  qr: TicketQr | null;
  /** A demo sale's document: "Documento de demostración sin validez fiscal", where the QR would be. */
  demoNotice: string | null;
  shop: { name: string; lines: string[] };
  title: string;
  facts: string[];
  seller: TicketSection;
  buyer: TicketSection | null;
  rectification: TicketSection | null;
  head: { concept: string; vat: string; amount: string };
  lines: { description: string; detail: string | null; quantity: string | null; vat: string; total: string }[];
  breakdown: { heading: string; columns: [string, string, string]; rows: [string, string, string][] };
  totals: TicketRow[];
  vatIncluded: string;
  notes: string[];
  /** The counter's money: the tip apart, the total paid, each method, cash handed over and change; or the money given back. */
  money: TicketRow[];
  moneyHeading: string;
  thanks: string;
}

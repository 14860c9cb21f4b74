/**
 * The counter's figures (issue 35): what each professional sold and earned in
 * commission, by service, by product, by payment method and by day. Pure: the
 * queries (figures.server.ts) hand over rows, this module counts them.
 *
 * A charged line counts on its sale's cash day with its net (order_items'
 * price: after its own discount and its share of the sale's, VAT included; a
 * deposit paid online is part of what the service was sold for). A return
 * counts on the return's cash day, against the same professional, service or
 * product: minus the returned units and minus their share of the line's net,
 * net × units returned ÷ units sold (the share the refund was computed with,
 * app/counter/returns.server.ts); base and commission follow from that share.
 * Commission rule and base: ./commission.ts.
 */
import { csvAmount, csvDate, csvDocument, type CsvCell } from "~/lib/csv.ts";
import { baseOfNet, commissionCents, commissionRateBp, type CommissionRates } from "./commission.ts";
import type { CounterLineKind, CounterPaymentMethod } from "./sale-math.ts";
import { COUNTER_PAYMENT_METHODS } from "./sale-math.ts";

/** A line as charged (its professional: the line's, else the sale's). */
export interface SoldLine {
  lineId: string;
  kind: CounterLineKind;
  professionalId: string | null;
  serviceId: string | null;
  productId: string | null;
  description: string;
  quantity: number;
  netCents: number;
  vatRateBp: number;
}

/** A line's movement on a cash day: its sale (positive) or a return of some of its units (negative). */
export interface FigureLine extends Omit<SoldLine, "lineId"> {
  day: string;
  movement: "sale" | "return";
  /** The invoice (sale) or rectificativa (return) number, when issued. */
  document: string | null;
}

/** A return as stored: its cash day and the units of each line given back. */
export interface ReturnRow {
  day: string;
  document: string | null;
  lines: readonly { lineId: string; quantity: number }[];
}

/** The negative lines a return makes; units of lines the map does not hold are skipped. */
export function returnFigureLines(ret: ReturnRow, sold: ReadonlyMap<string, SoldLine>): FigureLine[] {
  return ret.lines.flatMap((r) => {
    const line = sold.get(r.lineId);
    if (!line || line.quantity <= 0 || r.quantity <= 0) return [];
    const { lineId: _lineId, ...rest } = line;
    return [
      {
        ...rest,
        day: ret.day,
        movement: "return" as const,
        document: ret.document,
        quantity: -r.quantity,
        netCents: -Math.round((line.netCents * r.quantity) / line.quantity),
      },
    ];
  });
}

/** The names the figures show; an id not found falls back to the line's description. */
export interface FigureNames {
  professionals: ReadonlyMap<string, string>;
  services: ReadonlyMap<string, string>;
  products: ReadonlyMap<string, string>;
}

export const NO_PROFESSIONAL = "Sin profesional asignada";
export const OTHER_CONCEPTS = "Otros conceptos (líneas libres)";

/** A line with its base, rate and commission. */
export interface FigureDetail extends FigureLine {
  baseCents: number;
  rateBp: number;
  commissionCents: number;
}

export function figureDetails(lines: readonly FigureLine[], rates: CommissionRates): FigureDetail[] {
  return lines.map((line) => {
    const baseCents = baseOfNet(line.netCents, line.vatRateBp);
    const rateBp = commissionRateBp(line, rates);
    return { ...line, baseCents, rateBp, commissionCents: commissionCents(baseCents, rateBp) };
  });
}

export interface ProfessionalFigures {
  key: string;
  professionalId: string | null;
  name: string;
  units: number;
  netCents: number;
  baseCents: number;
  commissionCents: number;
  tipCents: number;
}

export interface ItemFigures {
  key: string;
  name: string;
  units: number;
  netCents: number;
  baseCents: number;
}

export interface MethodFigures {
  method: CounterPaymentMethod;
  /** Paid at the counter in the period (tips included). */
  chargedCents: number;
  /** Given back by returns made in the period. */
  returnedCents: number;
  netCents: number;
}

export interface CounterFigures {
  professionals: ProfessionalFigures[];
  services: ItemFigures[];
  products: ItemFigures[];
  methods: MethodFigures[];
  /** Every day of the period with its net (VAT included), for the chart. */
  days: { day: string; netCents: number }[];
  totals: { units: number; netCents: number; baseCents: number; commissionCents: number; tipCents: number };
}

export interface FiguresInput {
  lines: readonly FigureLine[];
  rates: CommissionRates;
  names: FigureNames;
  days: readonly string[];
  /** Tips by the sale's professional (null: a sale without one). */
  tips: readonly { professionalId: string | null; cents: number }[];
  /** Money in and out by method; left empty when the viewer does not see the till (staff). */
  charged: readonly { method: string; cents: number }[];
  returned: readonly { method: string; cents: number }[];
}

type Totals = { units: number; netCents: number; baseCents: number };

function add<T extends Totals>(map: Map<string, T>, key: string, make: () => T, d: FigureDetail): T {
  let row = map.get(key);
  if (!row) map.set(key, (row = make()));
  row.units += d.quantity;
  row.netCents += d.netCents;
  row.baseCents += d.baseCents;
  return row;
}

const byNet = (a: { netCents: number; name: string }, b: { netCents: number; name: string }) =>
  b.netCents - a.netCents || a.name.localeCompare(b.name, "es");

const professionalKey = (id: string | null) => id ?? "-";

/** The period's figures from its lines, tips and payments. */
export function counterFigures(input: FiguresInput): CounterFigures {
  const details = figureDetails(input.lines, input.rates);
  const pros = new Map<string, ProfessionalFigures>();
  const professionalRow = (id: string | null) => () => ({
    key: professionalKey(id),
    professionalId: id,
    name: id ? (input.names.professionals.get(id) ?? id) : NO_PROFESSIONAL,
    units: 0,
    netCents: 0,
    baseCents: 0,
    commissionCents: 0,
    tipCents: 0,
  });
  const services = new Map<string, ItemFigures>();
  const products = new Map<string, ItemFigures>();
  const perDay = new Map(input.days.map((d) => [d, 0]));
  for (const d of details) {
    add(pros, professionalKey(d.professionalId), professionalRow(d.professionalId), d).commissionCents +=
      d.commissionCents;
    if (d.kind === "product") {
      const key = d.productId ?? `text:${d.description}`;
      const name = (d.productId && input.names.products.get(d.productId)) || d.description;
      add(products, key, () => ({ key, name, units: 0, netCents: 0, baseCents: 0 }), d);
    } else {
      const key = d.kind === "service" ? (d.serviceId ?? `text:${d.description}`) : "manual";
      const name =
        d.kind === "service" ? (d.serviceId && input.names.services.get(d.serviceId)) || d.description : OTHER_CONCEPTS;
      add(services, key, () => ({ key, name, units: 0, netCents: 0, baseCents: 0 }), d);
    }
    if (perDay.has(d.day)) perDay.set(d.day, perDay.get(d.day)! + d.netCents);
  }
  for (const tip of input.tips) {
    const key = professionalKey(tip.professionalId);
    if (!pros.has(key)) pros.set(key, professionalRow(tip.professionalId)());
    pros.get(key)!.tipCents += tip.cents;
  }
  const sum = (rows: readonly { method: string; cents: number }[], method: string) =>
    rows.filter((r) => r.method === method).reduce((s, r) => s + r.cents, 0);
  const methods = COUNTER_PAYMENT_METHODS.map((method) => {
    const chargedCents = sum(input.charged, method);
    const returnedCents = sum(input.returned, method);
    return { method, chargedCents, returnedCents, netCents: chargedCents - returnedCents };
  }).filter((m) => m.chargedCents !== 0 || m.returnedCents !== 0);
  // Those without a professional last.
  const professionals = [...pros.values()].sort(
    (a, b) => Number(a.professionalId === null) - Number(b.professionalId === null) || byNet(a, b),
  );
  const total = (pick: (p: ProfessionalFigures) => number) => professionals.reduce((s, p) => s + pick(p), 0);
  return {
    professionals,
    services: [...services.values()].sort(byNet),
    products: [...products.values()].sort(byNet),
    methods,
    days: [...perDay].map(([day, netCents]) => ({ day, netCents })),
    totals: {
      units: total((p) => p.units),
      netCents: total((p) => p.netCents),
      baseCents: total((p) => p.baseCents),
      commissionCents: total((p) => p.commissionCents),
      tipCents: total((p) => p.tipCents),
    },
  };
}

// — the gestor's CSV: one row per line movement —

export const FIGURES_CSV_HEADER = [
  "Fecha",
  "Movimiento",
  "Factura",
  "Profesional",
  "Concepto",
  "Clase",
  "Unidades",
  "Importe con IVA (€)",
  "IVA (%)",
  "Base imponible (€)",
  "Comisión (%)",
  "Comisión (€)",
];

const KIND_NAMES: Record<CounterLineKind, string> = {
  service: "Servicio",
  product: "Producto",
  manual: "Otro concepto",
};

function conceptOf(d: FigureLine, names: FigureNames): string {
  if (d.kind === "service" && d.serviceId) return names.services.get(d.serviceId) ?? d.description;
  if (d.kind === "product" && d.productId) return names.products.get(d.productId) ?? d.description;
  return d.description;
}

const movementOrder = (d: FigureLine) => (d.movement === "sale" ? 0 : 1);

/** The CSV's rows, by day, sales before returns (the order the lines came in otherwise). */
export function figuresCsvRows(lines: readonly FigureLine[], rates: CommissionRates, names: FigureNames): CsvCell[][] {
  const details = figureDetails(lines, rates)
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.day.localeCompare(b.d.day) || movementOrder(a.d) - movementOrder(b.d) || a.i - b.i);
  return details.map(({ d }) => [
    csvDate(d.day),
    d.movement === "sale" ? "Venta" : "Devolución",
    d.document ?? "",
    d.professionalId ? (names.professionals.get(d.professionalId) ?? d.professionalId) : NO_PROFESSIONAL,
    conceptOf(d, names),
    KIND_NAMES[d.kind],
    d.quantity,
    csvAmount(d.netCents),
    d.vatRateBp / 100,
    csvAmount(d.baseCents),
    d.rateBp / 100,
    csvAmount(d.commissionCents),
  ]);
}

/** The whole CSV: BOM, header, rows (~/lib/csv.ts: `;`, decimal comma, CRLF, opens in Excel). */
export function figuresCsv(lines: readonly FigureLine[], rates: CommissionRates, names: FigureNames): string {
  return csvDocument(FIGURES_CSV_HEADER, figuresCsvRows(lines, rates, names));
}

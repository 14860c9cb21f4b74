import { describe, expect, it } from "vitest";
import type { CommissionRates } from "./commission.ts";
import {
  counterFigures,
  FIGURES_CSV_HEADER,
  figuresCsv,
  NO_PROFESSIONAL,
  OTHER_CONCEPTS,
  returnFigureLines,
  type FigureLine,
  type FigureNames,
  type SoldLine,
} from "./figures.ts";

const rates: CommissionRates = {
  professionals: new Map<string, number | null>([
    ["laura", 1000],
    ["sofia", 500],
  ]),
  services: new Map<string, number | null>([["semipermanente", 1500]]),
};
const names: FigureNames = {
  professionals: new Map([
    ["laura", "Laura"],
    ["sofia", "Sofía"],
  ]),
  services: new Map([
    ["semipermanente", "Manicura semipermanente"],
    ["pedicura", "Pedicura"],
  ]),
  products: new Map([["aceite", "Aceite de cutículas"]]),
};

const semi: SoldLine = {
  lineId: "l1",
  kind: "service",
  professionalId: "laura",
  serviceId: "semipermanente",
  productId: null,
  description: "Manicura semipermanente",
  quantity: 1,
  netCents: 2500,
  vatRateBp: 2100,
};
const oil: SoldLine = {
  lineId: "l2",
  kind: "product",
  professionalId: "laura",
  serviceId: null,
  productId: "aceite",
  description: "Aceite de cutículas",
  quantity: 3,
  netCents: 3000,
  vatRateBp: 2100,
};
const pedi: SoldLine = { ...semi, lineId: "l3", professionalId: "sofia", serviceId: "pedicura", netCents: 3000 };
const manual: SoldLine = {
  ...semi,
  lineId: "l4",
  kind: "manual",
  professionalId: null,
  serviceId: null,
  description: "Arreglo de uña",
  netCents: 500,
};

const sold = (line: SoldLine, day: string, document: string | null = "AN2026-000001"): FigureLine => {
  const { lineId: _lineId, ...rest } = line;
  return { ...rest, day, movement: "sale", document };
};

const DAYS = ["2026-11-23", "2026-11-24", "2026-11-25"];

describe("returns in the figures", () => {
  it("take back the units returned and their share of the line's net, on the return's day", () => {
    const map = new Map([oil, semi].map((l) => [l.lineId, l]));
    const lines = returnFigureLines(
      {
        day: "2026-11-25",
        document: "AN2026-R00001",
        lines: [
          { lineId: "l2", quantity: 1 },
          { lineId: "unknown", quantity: 1 },
        ],
      },
      map,
    );
    expect(lines).toEqual([
      {
        ...sold(oil, "2026-11-25", "AN2026-R00001"),
        movement: "return",
        quantity: -1,
        netCents: -1000,
      },
    ]);
    // 2 of 3 units of 10,01 €: the share rounds to the cent as the refund did.
    const odd = returnFigureLines(
      { day: "2026-11-25", document: null, lines: [{ lineId: "l2", quantity: 2 }] },
      new Map([["l2", { ...oil, netCents: 1001 }]]),
    );
    expect(odd[0]!.netCents).toBe(-667);
  });
});

describe("the counter's figures", () => {
  const lines = [
    sold(semi, "2026-11-23"),
    sold(oil, "2026-11-23"),
    sold(pedi, "2026-11-24"),
    sold(manual, "2026-11-24"),
    ...returnFigureLines(
      { day: "2026-11-25", document: "AN2026-R00001", lines: [{ lineId: "l2", quantity: 1 }] },
      new Map([["l2", oil]]),
    ),
  ];
  const figures = counterFigures({
    lines,
    rates,
    names,
    days: DAYS,
    tips: [
      { professionalId: "laura", cents: 200 },
      { professionalId: null, cents: 100 },
    ],
    charged: [
      { method: "cash", cents: 5000 },
      { method: "card", cents: 4300 },
    ],
    returned: [{ method: "cash", cents: 1000 }],
  });

  it("counts each professional's net, base and commission (the service's rate over hers), tips apart", () => {
    expect(figures.professionals).toEqual([
      {
        key: "laura",
        professionalId: "laura",
        name: "Laura",
        units: 1 + 3 - 1,
        netCents: 2500 + 3000 - 1000,
        // 25 → 20,66 base; 30 → 24,79; −10 → −8,26.
        baseCents: 2066 + 2479 - 826,
        // 15 % of 20,66 = 3,10 (the service's rate); 10 % of 24,79 = 2,48; 10 % of −8,26 = −0,83.
        commissionCents: 310 + 248 - 83,
        tipCents: 200,
      },
      {
        key: "sofia",
        professionalId: "sofia",
        name: "Sofía",
        units: 1,
        netCents: 3000,
        baseCents: 2479,
        commissionCents: 124, // 5 % of 24,79
        tipCents: 0,
      },
      {
        key: "-",
        professionalId: null,
        name: NO_PROFESSIONAL,
        units: 1,
        netCents: 500,
        baseCents: 413,
        commissionCents: 0,
        tipCents: 100,
      },
    ]);
    expect(figures.totals).toEqual({
      units: 5,
      netCents: 8000,
      baseCents: 2066 + 2479 - 826 + 2479 + 413,
      commissionCents: 475 + 124,
      tipCents: 300,
    });
  });

  it("counts by service (free lines together), by product, by method and by day", () => {
    expect(figures.services.map((s) => [s.name, s.units, s.netCents])).toEqual([
      ["Pedicura", 1, 3000],
      ["Manicura semipermanente", 1, 2500],
      [OTHER_CONCEPTS, 1, 500],
    ]);
    expect(figures.products).toEqual([
      { key: "aceite", name: "Aceite de cutículas", units: 2, netCents: 2000, baseCents: 2479 - 826 },
    ]);
    expect(figures.methods).toEqual([
      { method: "cash", chargedCents: 5000, returnedCents: 1000, netCents: 4000 },
      { method: "card", chargedCents: 4300, returnedCents: 0, netCents: 4300 },
    ]);
    expect(figures.days).toEqual([
      { day: "2026-11-23", netCents: 5500 },
      { day: "2026-11-24", netCents: 3500 },
      { day: "2026-11-25", netCents: -1000 },
    ]);
  });

  it("counts nothing for an empty period, every day still in the series", () => {
    const empty = counterFigures({ lines: [], rates, names, days: DAYS, tips: [], charged: [], returned: [] });
    expect(empty.professionals).toEqual([]);
    expect(empty.methods).toEqual([]);
    expect(empty.days.map((d) => d.netCents)).toEqual([0, 0, 0]);
    expect(empty.totals).toEqual({ units: 0, netCents: 0, baseCents: 0, commissionCents: 0, tipCents: 0 });
  });

  it("writes the gestor's CSV: BOM, `;`, decimal commas, one row per line, sales before returns", () => {
    const csv = figuresCsv(lines, rates, names);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = csv.slice(1).split("\r\n");
    expect(rows[0]).toBe(FIGURES_CSV_HEADER.join(";"));
    expect(rows.slice(1)).toEqual([
      "23/11/2026;Venta;AN2026-000001;Laura;Manicura semipermanente;Servicio;1;25,00;21;20,66;15;3,10",
      "23/11/2026;Venta;AN2026-000001;Laura;Aceite de cutículas;Producto;3;30,00;21;24,79;10;2,48",
      "24/11/2026;Venta;AN2026-000001;Sofía;Pedicura;Servicio;1;30,00;21;24,79;5;1,24",
      `24/11/2026;Venta;AN2026-000001;${NO_PROFESSIONAL};Arreglo de uña;Otro concepto;1;5,00;21;4,13;0;0,00`,
      "25/11/2026;Devolución;AN2026-R00001;Laura;Aceite de cutículas;Producto;-1;-10,00;21;-8,26;10;-0,83",
      "",
    ]);
  });
});

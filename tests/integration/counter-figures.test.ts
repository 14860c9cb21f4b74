/**
 * The counter's figures (/gestion/caja/cifras and its CSV) on SQLite and
 * PostgreSQL, from sales made with the real functions (open, edit, charge,
 * return): by professional with her commission (a service's rate over hers,
 * on the base without VAT), by service, product, method and day; a return
 * taking its share off the day it is made; the gestor's CSV; the owner sees
 * everyone's, a staff member only her own, and one not linked to a
 * professional a note; a period that cannot be read, a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { chargeSale } from "~/counter/charge.server.ts";
import { editSale, type DraftEdit } from "~/counter/draft-edits.server.ts";
import { figuresPeriod } from "~/counter/figures-period.ts";
import { loadCounterFigures } from "~/counter/figures.server.ts";
import { createProduct } from "~/counter/products.server.ts";
import { returnSaleLines } from "~/counter/returns.server.ts";
import type { SalePayment } from "~/counter/sale-math.ts";
import { saleLines, startWalkInSale } from "~/counter/sales.server.ts";
import { figuresCsvResponse, loadFiguresPage } from "~/routes/gestion.caja.cifras.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";

const actor = { id: "staff-caja", email: "caja@example.com" };
const BASE = "http://localhost:3999/gestion/caja";
const at = (day: string) => new Date(`${day}T10:00:00Z`);

const person = (id: string, email: string, role: "staff" | "owner"): AuthUser => ({
  id,
  email,
  displayName: email,
  firstName: "Ana",
  lastName: "López",
  phone: "",
  emailVerified: true,
  role,
  secondFactor: true,
});

/** Status and body of what a loader threw. */
async function thrown(fn: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await fn();
  } catch (err) {
    const d = err as { type?: string; init?: { status?: number } | null; data?: unknown };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe.each(dbKinds)("the counter's figures on %s", (kind) => {
  let t: TestDb;
  let owner: AuthUser;
  let laura: AuthUser;
  let unlinked: AuthUser;
  let firstSaleId = "";
  const ctx = (user: AuthUser) => {
    const { context } = makeContext(t.db, kind);
    context.set(userContext, user);
    return context;
  };

  /** A walk-in sale of `professionalId`, edited, then charged on `day`. */
  async function sell(day: string, professionalId: string, edits: DraftEdit[], payments: SalePayment[], tip = 0) {
    const saleId = await startWalkInSale(t.db, { professionalId }, actor, at(day));
    for (const edit of edits) expect(await editSale(t.db, saleId, edit, actor, at(day))).toEqual({ ok: true });
    const charged = await chargeSale(t.db, saleId, { payments, tipCents: tip }, actor, TEST_INVOICING, at(day));
    if (!charged.ok) throw new Error(charged.reason);
    return saleId;
  }

  beforeAll(async () => {
    t = await createTestDb(kind);
    const o = await makeUser(t.db, "duena@example.com");
    const l = await makeUser(t.db, "laura@example.com");
    const u = await makeUser(t.db, "nueva@example.com");
    owner = person(o.id, o.email, "owner");
    laura = person(l.id, l.email, "staff");
    unlinked = person(u.id, u.email, "staff");
    await t.db
      .updateTable("professionals")
      .set({ user_id: l.id, commission_bp: 1000 })
      .where("id", "=", "laura")
      .execute();
    await t.db.updateTable("professionals").set({ commission_bp: null }).where("id", "=", "sofia").execute();
    await t.db
      .updateTable("services")
      .set({ price_cents: 2500, commission_bp: 1500 })
      .where("id", "=", "semipermanente")
      .execute();
    await t.db
      .updateTable("services")
      .set({ price_cents: 3000, commission_bp: null })
      .where("id", "=", "pedicura")
      .execute();
    const oil = await createProduct(
      t.db,
      { ...actor, isOwner: true },
      {
        name: "Aceite de cutículas",
        nameCa: null,
        priceCents: 1250,
        vatRateBp: 2100,
        stock: 10,
        barcode: null,
        allowNegativeStock: undefined,
        active: true,
      },
    );
    if (!oil.ok) throw new Error("product not created");
    const service = (serviceId: string): DraftEdit => ({ kind: "add-service", serviceId, professionalId: null });
    // Monday 23: Laura, a semipermanente (the service's 15 %) and two oils (her 10 %), 3 € tip, cash.
    firstSaleId = await sell(
      "2026-11-23",
      "laura",
      [service("semipermanente"), { kind: "add-product", productId: oil.product.id, barcode: null, quantity: 2 }],
      [{ method: "cash", amountCents: 5300 }],
      300,
    );
    // Monday 23: Sofía (no rate of her own): a semipermanente (15 %) and a pedicura (nothing), card.
    await sell(
      "2026-11-23",
      "sofia",
      [service("semipermanente"), service("pedicura")],
      [{ method: "card", amountCents: 5500 }],
    );
    // Tuesday 24: Laura, a pedicura with 10 % off the total (27 €), Bizum.
    await sell(
      "2026-11-24",
      "laura",
      [
        service("pedicura"),
        { kind: "sale-discount", discount: { kind: "percent", value: 1000, reason: "Clienta habitual" } },
      ],
      [{ method: "bizum", amountCents: 2700 }],
    );
    // Wednesday 25: one oil of the first sale comes back, in cash.
    const oilLine = (await saleLines(t.db, firstSaleId)).find((l) => l.kind === "product")!;
    const returned = await returnSaleLines(
      t.db,
      firstSaleId,
      { lines: [{ lineId: oilLine.id, quantity: 1 }], method: "cash", reason: "No le gusta el olor" },
      actor,
      TEST_INVOICING,
      at("2026-11-25"),
    );
    expect(returned).toMatchObject({ ok: true, amountCents: 1250 });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("counts the month by professional with her commission, the service's rate over hers", async () => {
    const figures = await loadCounterFigures(t.db, figuresPeriod("mes", "2026-11-10"), { all: true });
    expect(
      figures.professionals.map((p) => [
        p.professionalId,
        p.units,
        p.netCents,
        p.baseCents,
        p.commissionCents,
        p.tipCents,
      ]),
    ).toEqual([
      // Laura: semipermanente 25 € (base 20,66; 15 % = 3,10), two oils 25 € (20,66; 10 % = 2,07),
      // pedicura 27 € after the discount (22,31; 10 % = 2,23), one oil back −12,50 € (−10,33; −1,03).
      ["laura", 3, 6450, 2066 + 2066 + 2231 - 1033, 310 + 207 + 223 - 103, 300],
      // Sofía: semipermanente (20,66; 15 % = 3,10), pedicura 30 € (24,79; no rate: 0).
      ["sofia", 2, 5500, 2066 + 2479, 310, 0],
    ]);
    expect(figures.professionals.map((p) => p.name)).toEqual(["Laura Martínez", "Sofía Romero"]);
    expect(figures.services.map((s) => [s.key, s.units, s.netCents])).toEqual([
      ["pedicura", 2, 5700],
      ["semipermanente", 2, 5000],
    ]);
    expect(figures.products.map((p) => [p.name, p.units, p.netCents])).toEqual([["Aceite de cutículas", 1, 1250]]);
    expect(figures.methods).toEqual([
      { method: "cash", chargedCents: 5300, returnedCents: 1250, netCents: 4050 },
      { method: "card", chargedCents: 5500, returnedCents: 0, netCents: 5500 },
      { method: "bizum", chargedCents: 2700, returnedCents: 0, netCents: 2700 },
    ]);
    expect(figures.days.filter((d) => d.netCents !== 0)).toEqual([
      { day: "2026-11-23", netCents: 10500 },
      { day: "2026-11-24", netCents: 2700 },
      { day: "2026-11-25", netCents: -1250 },
    ]);
    expect(figures.days).toHaveLength(30);
    expect(figures.totals).toMatchObject({ netCents: 11950, commissionCents: 637 + 310, tipCents: 300 });
  });

  it("takes a return off the day it is made, and shows nothing outside the period", async () => {
    const day = await loadCounterFigures(t.db, figuresPeriod("dia", "2026-11-25"), { all: true });
    expect(day.professionals.map((p) => [p.professionalId, p.units, p.netCents, p.commissionCents])).toEqual([
      ["laura", -1, -1250, -103],
    ]);
    expect(day.methods).toEqual([{ method: "cash", chargedCents: 0, returnedCents: 1250, netCents: -1250 }]);
    const before = await loadCounterFigures(t.db, figuresPeriod("semana", "2026-11-16"), { all: true });
    expect(before.professionals).toEqual([]);
    expect(before.methods).toEqual([]);
  });

  it("gives the owner everyone's figures and a staff member only her own", async () => {
    const ownerPage = await loadFiguresPage(new Request(`${BASE}/cifras?periodo=semana&fecha=2026-11-25`), ctx(owner));
    expect(ownerPage).toMatchObject({
      isOwner: true,
      professional: null,
      csvHref: "/gestion/caja/cifras.csv?periodo=semana&fecha=2026-11-23",
      previousHref: "/gestion/caja/cifras?periodo=semana&fecha=2026-11-16",
      nextHref: "/gestion/caja/cifras?periodo=semana&fecha=2026-11-30",
    });
    expect(ownerPage.figures!.professionals.map((p) => p.professionalId)).toEqual(["laura", "sofia"]);

    const hers = await loadFiguresPage(new Request(`${BASE}/cifras?periodo=mes&fecha=2026-11-01`), ctx(laura));
    expect(hers).toMatchObject({ isOwner: false, professional: { id: "laura", name: "Laura Martínez" } });
    expect(
      hers.figures!.professionals.map((p) => [p.professionalId, p.netCents, p.commissionCents, p.tipCents]),
    ).toEqual([["laura", 6450, 637, 300]]);
    expect(hers.figures!.services.map((s) => [s.key, s.netCents])).toEqual([
      ["pedicura", 2700],
      ["semipermanente", 2500],
    ]);
    // The till's money by method is the owner's view.
    expect(hers.figures!.methods).toEqual([]);

    const nobody = await loadFiguresPage(new Request(`${BASE}/cifras`), ctx(unlinked));
    expect(nobody).toMatchObject({ isOwner: false, professional: null, figures: null });
    expect(await thrown(() => figuresCsvResponse(new Request(`${BASE}/cifras.csv`), ctx(unlinked)))).toEqual({
      status: 404,
      body: "Tu cuenta no está vinculada a ninguna profesional.",
    });
  });

  it("writes the gestor's CSV, one row per line sold or returned, with base and commission", async () => {
    const res = await figuresCsvResponse(new Request(`${BASE}/cifras.csv?periodo=mes&fecha=2026-11-01`), ctx(owner));
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="cifras-caja-2026-11-01-2026-11-30.csv"');
    // UTF-8 with its byte order mark (Response.text() would drop it), so Excel reads the accents.
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      "Fecha;Movimiento;Factura;Profesional;Concepto;Clase;Unidades;Importe con IVA (€);IVA (%);Base imponible (€);Comisión (%);Comisión (€)",
    );
    const invoice = /AN\d{4}-\d{6}/u.source;
    const expected = [
      `23/11/2026;Venta;${invoice};Laura Martínez;Manicura semipermanente;Servicio;1;25,00;21;20,66;15;3,10`,
      `23/11/2026;Venta;${invoice};Laura Martínez;Aceite de cutículas;Producto;2;25,00;21;20,66;10;2,07`,
      `23/11/2026;Venta;${invoice};Sofía Romero;Manicura semipermanente;Servicio;1;25,00;21;20,66;15;3,10`,
      `23/11/2026;Venta;${invoice};Sofía Romero;Pedicura completa;Servicio;1;30,00;21;24,79;0;0,00`,
      `24/11/2026;Venta;${invoice};Laura Martínez;Pedicura completa;Servicio;1;27,00;21;22,31;10;2,23`,
      `25/11/2026;Devolución;[A-Z0-9-]+;Laura Martínez;Aceite de cutículas;Producto;-1;-12,50;21;-10,33;10;-1,03`,
    ];
    expect(rows).toHaveLength(expected.length + 1);
    // Laura's and Sofía's sales of the same day may come in either order: each row is matched alone.
    for (const pattern of expected)
      expect(
        rows.slice(1).some((r) => new RegExp(`^${pattern}$`, "u").test(r)),
        pattern,
      ).toBe(true);
    expect(rows.at(-1)).toMatch(/^25\/11\/2026;Devolución;/u);

    const hers = await figuresCsvResponse(new Request(`${BASE}/cifras.csv?periodo=mes&fecha=2026-11-01`), ctx(laura));
    expect(hers.headers.get("content-disposition")).toBe(
      'attachment; filename="cifras-caja-laura-2026-11-01-2026-11-30.csv"',
    );
    const herRows = (await hers.text()).trimEnd().split("\r\n").slice(1);
    expect(herRows).toHaveLength(4);
    expect(herRows.every((r) => r.includes(";Laura Martínez;"))).toBe(true);
  });

  it("answers a period or a date it cannot read with a 400 and the reason", async () => {
    for (const [query, message] of [
      ["?periodo=trimestre", "El periodo no es válido: elige día, semana o mes."],
      ["?periodo=dia&fecha=2026-02-30", "La fecha no es válida: escríbela como AAAA-MM-DD."],
    ]) {
      expect(await thrown(() => loadFiguresPage(new Request(`${BASE}/cifras${query}`), ctx(owner)))).toEqual({
        status: 400,
        body: message,
      });
      expect(await thrown(() => figuresCsvResponse(new Request(`${BASE}/cifras.csv${query}`), ctx(owner)))).toEqual({
        status: 400,
        body: message,
      });
    }
  });
});

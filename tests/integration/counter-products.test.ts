/**
 * Gestión → Productos (issue 35): the products sold at the counter, through
 * the screens' loaders and actions as React Router calls them (the staff
 * middleware's user in context) and through `adjustStock`, which the
 * counter's sales and returns call, on SQLite and PostgreSQL: create, edit
 * and list with their audit rows, Spanish field errors that write nothing, a
 * duplicate barcode refused, selling below zero only where the owner allowed
 * it (and only she may allow it), and two sales of the last unit at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { PRODUCT_MESSAGES } from "~/counter/product-form.ts";
import {
  adjustStock,
  createProduct,
  findProductByBarcode,
  getProduct,
  listProducts,
  OutOfStockError,
  ProductNotFoundError,
  type Product,
  type ProductWriter,
} from "~/counter/products.server.ts";
import { EUROS_MESSAGES } from "~/domain/euros.ts";
import { loadStaffProducts } from "~/routes/gestion.productos.server.ts";
import { loadProductEditor, productFormAction } from "~/routes/gestion.productos.producto.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { makeStaff, staffContext } from "../helpers/staff.ts";

const BASE = "http://localhost:3999/gestion/productos";

const post = (url: string, fields: Record<string, string>) =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** Status, redirect and body of what an action returned or threw. */
async function outcome(fn: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const d = value as { type?: string; init?: { status?: number } | null; data?: unknown };
  if (d?.type === "DataWithResponseInit") {
    return { status: d.init?.status ?? 200, body: d.data as { intent: string; errors: Record<string, string> } };
  }
  return { status: 200, body: value as { intent: string; errors: Record<string, string> } };
}

const oil = {
  name: "Aceite de cutículas",
  nameCa: "Oli de cutícules",
  price: "12,50",
  vatRate: "2100",
  stock: "3",
  barcode: " 8412345678905 ",
  active: "on",
};

async function count(db: Db, table: "products" | "audit_log"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function auditOf(db: Db, productId: string) {
  const rows = await db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "entity_type", "before_json", "after_json"])
    .where("entity_id", "=", productId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor_email,
    type: r.entity_type,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as Record<string, unknown>),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as Record<string, unknown>),
  }));
}

describe.each(dbKinds)("the counter's products on %s", (kind) => {
  let t: TestDb;
  let staffCtx: Awaited<ReturnType<typeof staffContext>>["context"];
  let ownerCtx: Awaited<ReturnType<typeof staffContext>>["context"];
  let writer: ProductWriter;
  let oilId: string;

  /** A product made directly (no form), with `stock` units. */
  async function product(name: string, stock: number, extra: { allowNegativeStock?: boolean } = {}) {
    const result = await createProduct(
      t.db,
      { ...writer, isOwner: true },
      {
        name,
        nameCa: null,
        priceCents: 500,
        vatRateBp: 2100,
        barcode: null,
        allowNegativeStock: extra.allowNegativeStock ?? false,
        active: true,
        stock,
      },
    );
    if (!result.ok) throw new Error(result.reason);
    return result.product;
  }

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    const staff = await makeStaff(t.db, "equipo-caja@example.com", "staff");
    const owner = await makeStaff(t.db, "duena-caja@example.com", "owner");
    staffCtx = (await staffContext(t.db, kind, staff.id)).context;
    ownerCtx = (await staffContext(t.db, kind, owner.id)).context;
    writer = { id: staff.id, email: staff.email, isOwner: false };
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("lets the staff create a product: saved in cents with its stock, audited, shown on the list", async () => {
    const res = await outcome(() => productFormAction(post(`${BASE}/nuevo`, oil), staffCtx, null));
    expect(res.status).toBe(302);
    const match = /^\/gestion\/productos\/([0-9a-f-]{36})\?aviso=producto-creado$/.exec(res.location ?? "");
    expect(match).not.toBeNull();
    oilId = match![1]!;
    expect(await getProduct(t.db, oilId)).toMatchObject({
      name: "Aceite de cutículas",
      nameCa: "Oli de cutícules",
      priceCents: 1250,
      vatRateBp: 2100,
      stock: 3,
      barcode: "8412345678905",
      allowNegativeStock: false,
      active: true,
    });
    const audit = await auditOf(t.db, oilId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "product.create",
      actor: "equipo-caja@example.com",
      type: "product",
      before: null,
      after: { name: "Aceite de cutículas", priceCents: 1250, stock: 3, barcode: "8412345678905" },
    });

    const list = await loadStaffProducts(new Request(`${BASE}?aviso=producto-creado`), staffCtx);
    expect(list.notice).toBe("Producto creado.");
    expect(list.products.map((p) => [p.name, p.stock, p.level])).toEqual([["Aceite de cutículas", 3, "ok"]]);
    expect((await findProductByBarcode(t.db, "8412345678905 "))?.id).toBe(oilId);
    expect(await findProductByBarcode(t.db, "0000")).toBeNull();
  });

  it("answers a bad price with a 400 and the Spanish message, writing nothing", async () => {
    const [products, audit] = [await count(t.db, "products"), await count(t.db, "audit_log")];
    const res = await outcome(() =>
      productFormAction(post(`${BASE}/nuevo`, { ...oil, barcode: "", price: "12,5O" }), staffCtx, null),
    );
    expect(res.status).toBe(400);
    expect(res.body?.errors).toEqual({ price: EUROS_MESSAGES.invalid });
    const zero = await outcome(() =>
      productFormAction(post(`${BASE}/nuevo`, { ...oil, barcode: "", price: "0", stock: "-1" }), staffCtx, null),
    );
    expect(zero.status).toBe(400);
    expect(zero.body?.errors).toEqual({ price: PRODUCT_MESSAGES.priceZero, stock: PRODUCT_MESSAGES.stock });
    expect([await count(t.db, "products"), await count(t.db, "audit_log")]).toEqual([products, audit]);
  });

  it("refuses a barcode another product has, on create and on edit, with a field error (409)", async () => {
    const before = await count(t.db, "products");
    const dup = await outcome(() =>
      productFormAction(post(`${BASE}/nuevo`, { ...oil, name: "Otro aceite" }), staffCtx, null),
    );
    expect(dup.status).toBe(409);
    expect(dup.body?.errors).toEqual({ barcode: PRODUCT_MESSAGES.barcodeTaken });
    expect(await count(t.db, "products")).toBe(before);

    const cream = await product("Crema de manos", 5);
    const edit = await outcome(() =>
      productFormAction(
        post(`${BASE}/${cream.id}`, { ...oil, intent: "guardar", name: "Crema de manos" }),
        staffCtx,
        cream.id,
      ),
    );
    expect(edit.status).toBe(409);
    expect(edit.body?.errors).toEqual({ barcode: PRODUCT_MESSAGES.barcodeTaken });
    expect((await getProduct(t.db, cream.id))?.barcode).toBeNull();
  });

  it("edits a product (never its stock), audited before and after; an unknown one is a 404", async () => {
    const res = await outcome(() =>
      productFormAction(
        post(`${BASE}/${oilId}`, {
          intent: "guardar",
          name: "Aceite de cutículas 15 ml",
          nameCa: "",
          price: "13",
          vatRate: "1000",
          barcode: "",
          stock: "99",
        }),
        staffCtx,
        oilId,
      ),
    );
    expect(res).toEqual({ status: 302, location: `/gestion/productos/${oilId}?aviso=producto-guardado` });
    const saved = (await getProduct(t.db, oilId)) as Product;
    expect(saved).toMatchObject({
      name: "Aceite de cutículas 15 ml",
      nameCa: null,
      priceCents: 1300,
      vatRateBp: 1000,
      barcode: null,
      stock: 3,
      active: false,
    });
    const update = (await auditOf(t.db, oilId)).at(-1);
    expect(update).toMatchObject({
      action: "product.update",
      before: { priceCents: 1250, barcode: "8412345678905", active: true },
      after: { priceCents: 1300, barcode: null, active: false, stock: 3 },
    });

    expect((await listProducts(t.db)).map((p) => p.id)).not.toContain(oilId);
    expect((await listProducts(t.db, { includeInactive: true })).map((p) => p.id)).toContain(oilId);

    const page = await loadProductEditor(new Request(`${BASE}/${oilId}?aviso=producto-guardado`), staffCtx, oilId);
    expect(page).toMatchObject({ isOwner: false, notice: "Cambios guardados.", product: { id: oilId } });
    expect((await outcome(() => loadProductEditor(new Request(`${BASE}/x`), staffCtx, "no-existe"))).status).toBe(404);
    const missing = await outcome(() =>
      productFormAction(post(`${BASE}/no-existe`, { ...oil, intent: "guardar" }), staffCtx, "no-existe"),
    );
    expect(missing.status).toBe(404);
  });

  it("lets only the owner allow selling below zero", async () => {
    const lima = await product("Lima de cartón", 2);
    const form = { intent: "guardar", name: "Lima de cartón", price: "5", vatRate: "2100", active: "on" };
    const staffTry = await outcome(() =>
      productFormAction(post(`${BASE}/${lima.id}`, { ...form, allowNegativeStock: "1" }), staffCtx, lima.id),
    );
    expect(staffTry.status).toBe(403);
    expect(staffTry.body?.errors).toEqual({ allowNegativeStock: PRODUCT_MESSAGES.ownerOnly });
    expect((await getProduct(t.db, lima.id))?.allowNegativeStock).toBe(false);
    const newTry = await outcome(() =>
      productFormAction(post(`${BASE}/nuevo`, { ...form, stock: "1", allowNegativeStock: "1" }), staffCtx, null),
    );
    expect(newTry.status).toBe(403);

    const ownerSave = await outcome(() =>
      productFormAction(post(`${BASE}/${lima.id}`, { ...form, allowNegativeStock: "1" }), ownerCtx, lima.id),
    );
    expect(ownerSave.status).toBe(302);
    expect((await getProduct(t.db, lima.id))?.allowNegativeStock).toBe(true);

    // The staff's own form does not carry the field: saving it keeps the owner's choice.
    const staffSave = await outcome(() =>
      productFormAction(post(`${BASE}/${lima.id}`, { ...form, price: "5,50" }), staffCtx, lima.id),
    );
    expect(staffSave.status).toBe(302);
    expect(await getProduct(t.db, lima.id)).toMatchObject({ allowNegativeStock: true, priceCents: 550 });
  });

  it("adjusts stock from the page with a reason, audited, and refuses going below zero", async () => {
    const files = await product("Lima de vidrio", 1);
    const adjust = (delta: string, reason = "Recuento") =>
      outcome(() =>
        productFormAction(
          post(`${BASE}/${files.id}`, { intent: "ajustar-existencias", delta, reason }),
          staffCtx,
          files.id,
        ),
      );
    expect(await adjust("+4")).toEqual({
      status: 302,
      location: `/gestion/productos/${files.id}?aviso=existencias-ajustadas`,
    });
    expect((await getProduct(t.db, files.id))?.stock).toBe(5);

    const tooMany = await adjust("-6", "Rotura");
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ intent: "ajustar-existencias" });
    expect(tooMany.body?.errors.delta).toContain("Solo quedan 5 unidades");
    const bad = await adjust("0", "");
    expect(bad.status).toBe(400);
    expect(bad.body?.errors).toEqual({ delta: PRODUCT_MESSAGES.delta, reason: PRODUCT_MESSAGES.reason });
    expect((await getProduct(t.db, files.id))?.stock).toBe(5);

    expect((await adjust("-5", "Rotura")).status).toBe(302);
    expect((await getProduct(t.db, files.id))?.stock).toBe(0);
    const stockRows = (await auditOf(t.db, files.id)).filter((r) => r.action === "product.stock");
    expect(stockRows.map((r) => [r.before, r.after])).toEqual([
      [{ stock: 1 }, { stock: 5, delta: 4, reason: "Recuento" }],
      [{ stock: 5 }, { stock: 0, delta: -5, reason: "Rotura" }],
    ]);
    const list = await loadStaffProducts(new Request(BASE), staffCtx);
    expect(list.products.find((p) => p.id === files.id)?.level).toBe("out");
  });

  it("adjustStock: refuses below zero unless allowed, rolls the caller back, always takes a return", async () => {
    const actor = { id: writer.id, email: writer.email };
    const strict = await product("Esmalte rojo", 1);
    const loose = await product("Esmalte nude", 0, { allowNegativeStock: true });

    const refused = await inTransaction(t.db, (trx) =>
      adjustStock(trx, strict.id, -2, { reason: "Venta en caja", actor }),
    ).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OutOfStockError);
    expect(refused).toMatchObject({ code: "out-of-stock", productId: strict.id, stock: 1 });

    // A failed sale leaves nothing behind: the earlier adjustment in its transaction rolls back too.
    const other = await product("Quitaesmalte", 4);
    await expect(
      inTransaction(t.db, async (trx) => {
        await adjustStock(trx, other.id, -1, { reason: "Venta en caja", actor });
        await adjustStock(trx, strict.id, -5, { reason: "Venta en caja", actor });
      }),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect((await getProduct(t.db, other.id))?.stock).toBe(4);
    expect((await auditOf(t.db, other.id)).filter((r) => r.action === "product.stock")).toEqual([]);

    expect(await inTransaction(t.db, (trx) => adjustStock(trx, loose.id, -3, { reason: "Venta en caja", actor }))).toBe(
      -3,
    );
    // A return onto a product below zero whose owner has since forbidden it still adds the units.
    await t.db.updateTable("products").set({ allow_negative_stock: 0 }).where("id", "=", loose.id).execute();
    expect(
      await inTransaction(t.db, (trx) => adjustStock(trx, loose.id, 1, { reason: "Devolución en caja", actor })),
    ).toBe(-2);

    await expect(
      inTransaction(t.db, (trx) => adjustStock(trx, "no-existe", -1, { reason: "Venta en caja", actor })),
    ).rejects.toBeInstanceOf(ProductNotFoundError);
  });

  it("sells the last unit once when two sales take it at the same time", async () => {
    const actor = { id: writer.id, email: writer.email };
    const last = await product("Crema de pies", 1);
    const results = await Promise.allSettled(
      [1, 2].map(() => inTransaction(t.db, (trx) => adjustStock(trx, last.id, -1, { reason: "Venta en caja", actor }))),
    );
    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual([0]);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(OutOfStockError);
    expect((await getProduct(t.db, last.id))?.stock).toBe(0);
    expect((await auditOf(t.db, last.id)).filter((r) => r.action === "product.stock")).toHaveLength(1);
  });
});

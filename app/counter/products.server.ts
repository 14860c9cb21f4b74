/**
 * The products sold at the counter (issue 35, table `products`): the staff's
 * reads and writes, and the one way stock changes after a product is created,
 * `adjustStock`, which the counter's sales and returns call too. Every write
 * runs with its audit entry in one transaction.
 *
 * Stock never goes below zero unless the owner allowed it for that product
 * (`allow_negative_stock`): one conditional UPDATE decides, so two sales of
 * the last unit at once sell it once. Only the owner may change that switch;
 * anyone else on the staff (with their second factor) manages the rest.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import type { NewProductInput, ProductInput } from "./product-form.ts";

export interface Product {
  id: string;
  name: string;
  /** null: the Catalan ticket shows the Spanish name. */
  nameCa: string | null;
  /** VAT included. */
  priceCents: number;
  vatRateBp: number;
  stock: number;
  /** The owner allows selling it below zero. */
  allowNegativeStock: boolean;
  barcode: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Who writes, and whether she is the owner (only the owner sets `allowNegativeStock`). */
export interface ProductWriter extends AuditActor {
  isOwner: boolean;
}

export type ProductWriteResult =
  { ok: true; product: Product } | { ok: false; reason: "not-found" | "barcode-taken" | "owner-only" };

/** Why `adjustStock` refused: the product does not exist, or there are not enough units. */
export type StockErrorCode = "out-of-stock" | "not-found";

export class StockError extends Error {
  constructor(
    readonly code: StockErrorCode,
    readonly productId: string,
    message: string,
  ) {
    super(message);
    this.name = "StockError";
  }
}

/** Taking the units away would leave the product below zero, and the owner does not allow it. */
export class OutOfStockError extends StockError {
  constructor(
    productId: string,
    /** The units there are. */
    readonly stock: number,
  ) {
    super("out-of-stock", productId, `not enough stock of product ${productId} (${stock} left)`);
    this.name = "OutOfStockError";
  }
}

export class ProductNotFoundError extends StockError {
  constructor(productId: string) {
    super("not-found", productId, `no product ${productId}`);
    this.name = "ProductNotFoundError";
  }
}

type ProductRow = {
  id: string;
  name: string;
  name_ca: string | null;
  price_cents: number;
  vat_rate_bp: number;
  stock: number;
  allow_negative_stock: number;
  barcode: string | null;
  active: number;
  created_at: string;
  updated_at: string;
};

function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    name: r.name,
    nameCa: r.name_ca,
    priceCents: Number(r.price_cents),
    vatRateBp: Number(r.vat_rate_bp),
    stock: Number(r.stock),
    allowNegativeStock: Number(r.allow_negative_stock) === 1,
    barcode: r.barcode,
    active: Number(r.active) === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The product as its audit entry records it. */
const auditView = ({ createdAt: _c, updatedAt: _u, ...p }: Product) => p;

// — reads —

/** The products by name; the inactive ones too when asked (Gestión's list). */
export async function listProducts(db: Db, { includeInactive = false } = {}): Promise<Product[]> {
  let q = db.selectFrom("products").selectAll().orderBy("name").orderBy("id");
  if (!includeInactive) q = q.where("active", "=", 1);
  return (await q.execute()).map(toProduct);
}

export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toProduct(row) : null;
}

/** The product a scanned code names (trimmed); only an active one unless asked. */
export async function findProductByBarcode(
  db: Db,
  barcode: string,
  { includeInactive = false } = {},
): Promise<Product | null> {
  const code = barcode.trim();
  if (code === "") return null;
  let q = db.selectFrom("products").selectAll().where("barcode", "=", code);
  if (!includeInactive) q = q.where("active", "=", 1);
  const row = await q.executeTakeFirst();
  return row ? toProduct(row) : null;
}

// — writes —

class Refused extends Error {
  constructor(readonly reason: Exclude<ProductWriteResult, { ok: true }>["reason"]) {
    super(reason);
  }
}

async function asResult(work: () => Promise<Product>): Promise<ProductWriteResult> {
  try {
    return { ok: true, product: await work() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    // The unique index on barcode: a duplicate, or one saved meanwhile by someone else.
    if (isUniqueViolation(err)) return { ok: false, reason: "barcode-taken" };
    throw err;
  }
}

async function barcodeTaken(trx: Db, barcode: string | null, exceptId: string | null): Promise<boolean> {
  if (barcode === null) return false;
  let q = trx.selectFrom("products").select("id").where("barcode", "=", barcode);
  if (exceptId) q = q.where("id", "<>", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A new product with its starting stock. */
export function createProduct(db: Db, writer: ProductWriter, input: NewProductInput): Promise<ProductWriteResult> {
  return asResult(() =>
    inTransaction(db, async (trx) => {
      const allowNegative = input.allowNegativeStock ?? false;
      if (allowNegative && !writer.isOwner) throw new Refused("owner-only");
      if (await barcodeTaken(trx, input.barcode, null)) throw new Refused("barcode-taken");
      const now = nowIso();
      const row = await trx
        .insertInto("products")
        .values({
          id: newId(),
          name: input.name,
          name_ca: input.nameCa,
          price_cents: input.priceCents,
          vat_rate_bp: input.vatRateBp,
          stock: input.stock,
          allow_negative_stock: allowNegative ? 1 : 0,
          barcode: input.barcode,
          active: input.active ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const product = toProduct(row);
      await recordAudit(trx, writer, {
        action: "product.create",
        entityType: "product",
        entityId: product.id,
        after: auditView(product),
      });
      return product;
    }),
  );
}

/** Saves a product's details (never its stock: that is `adjustStock`). */
export function updateProduct(
  db: Db,
  writer: ProductWriter,
  id: string,
  input: ProductInput,
): Promise<ProductWriteResult> {
  return asResult(() =>
    inTransaction(db, async (trx) => {
      const before = await getProduct(trx, id);
      if (!before) throw new Refused("not-found");
      const allowNegative = input.allowNegativeStock ?? before.allowNegativeStock;
      if (allowNegative !== before.allowNegativeStock && !writer.isOwner) throw new Refused("owner-only");
      if (await barcodeTaken(trx, input.barcode, id)) throw new Refused("barcode-taken");
      const row = await trx
        .updateTable("products")
        .set({
          name: input.name,
          name_ca: input.nameCa,
          price_cents: input.priceCents,
          vat_rate_bp: input.vatRateBp,
          allow_negative_stock: allowNegative ? 1 : 0,
          barcode: input.barcode,
          active: input.active ? 1 : 0,
          updated_at: nowIso(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new Refused("not-found");
      const product = toProduct(row);
      await recordAudit(trx, writer, {
        action: "product.update",
        entityType: "product",
        entityId: id,
        before: auditView(before),
        after: auditView(product),
      });
      return product;
    }),
  );
}

/**
 * Adds `delta` units (negative: takes them away) inside the caller's
 * transaction, audited as `product.stock` with its reason. Taking units away
 * is one conditional UPDATE (`stock + delta >= 0`, or the owner allows
 * negative stock for it), so concurrent sales cannot both take the last unit;
 * adding units (a return, a delivery) always succeeds. Throws a `StockError`:
 * an `OutOfStockError` (code "out-of-stock", with the units there are) or a
 * `ProductNotFoundError` ("not-found"); the caller's transaction then rolls back.
 * Returns the new stock.
 */
export async function adjustStock(
  trx: Db,
  productId: string,
  delta: number,
  { reason, actor }: { reason: string; actor: AuditActor },
): Promise<number> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new RangeError(`bad stock delta ${delta}`);
  let q = trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "+", delta), updated_at: nowIso() }))
    .where("id", "=", productId);
  if (delta < 0) {
    q = q.where((eb) => eb.or([eb(eb("stock", "+", delta), ">=", 0), eb("allow_negative_stock", "=", 1)]));
  }
  const row = await q.returning(["stock"]).executeTakeFirst();
  if (!row) {
    const current = await trx.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
    if (!current) throw new ProductNotFoundError(productId);
    throw new OutOfStockError(productId, Number(current.stock));
  }
  const stock = Number(row.stock);
  await recordAudit(trx, actor, {
    action: "product.stock",
    entityType: "product",
    entityId: productId,
    before: { stock: stock - delta },
    after: { stock, delta, reason },
  });
  return stock;
}

/** `adjustStock` in a transaction of its own (Gestión's adjustment form). */
export function adjustStockNow(
  db: Db,
  productId: string,
  delta: number,
  how: { reason: string; actor: AuditActor },
): Promise<number> {
  return inTransaction(db, (trx) => adjustStock(trx, productId, delta, how));
}

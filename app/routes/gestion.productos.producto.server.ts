import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import {
  PRODUCT_MESSAGES,
  PRODUCT_SAVE_INTENT as SAVE_INTENT,
  STOCK_ADJUST_INTENT as ADJUST_INTENT,
  parseNewProductForm,
  parseProductForm,
  parseStockAdjustment,
} from "~/counter/product-form.ts";
import {
  adjustStockNow,
  createProduct,
  getProduct,
  OutOfStockError,
  ProductNotFoundError,
  updateProduct,
  type ProductWriteResult,
} from "~/counter/products.server.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { lookup } from "~/lib/lookup.ts";

type Ctx = Readonly<RouterContextProvider>;

/** What a refused form posts back: which form, an error per field, and what was typed. */
export interface ProductFormState {
  intent: typeof SAVE_INTENT | typeof ADJUST_INTENT;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const NOTICES: Record<string, string> = {
  "producto-creado": "Producto creado.",
  "producto-guardado": "Cambios guardados.",
  "existencias-ajustadas": "Existencias ajustadas.",
};

/** The notice shown after a redirect (`?aviso=`). */
export function productNoticeOf(request: Request): string | null {
  return lookup(NOTICES, new URL(request.url).searchParams.get("aviso")) ?? null;
}

const notFound = () => data("No existe ese producto", { status: 404 });

/** The signed-in staff member as the audit log names her, and whether she is the owner. */
function writerOf(context: Ctx) {
  const user = getUser(context);
  return { id: user.id, email: user.email, isOwner: isOwnerRole(user.role) };
}

/** GET /gestion/productos/nuevo: only the owner's form offers selling below zero. */
export function loadNewProduct(context: Ctx) {
  return { isOwner: writerOf(context).isOwner };
}

/** GET /gestion/productos/:productId */
export async function loadProductEditor(request: Request, context: Ctx, productId: string) {
  const product = await getProduct(getServices(context).db, productId);
  if (!product) throw notFound();
  return { product, isOwner: writerOf(context).isOwner, notice: productNoticeOf(request) };
}

function refused(result: Exclude<ProductWriteResult, { ok: true }>, values: Record<string, string>) {
  if (result.reason === "not-found") throw notFound();
  if (result.reason === "owner-only") {
    return data<ProductFormState>(
      { intent: SAVE_INTENT, errors: { allowNegativeStock: PRODUCT_MESSAGES.ownerOnly }, values },
      403,
    );
  }
  return data<ProductFormState>(
    { intent: SAVE_INTENT, errors: { barcode: PRODUCT_MESSAGES.barcodeTaken }, values },
    409,
  );
}

/**
 * POST /gestion/productos/nuevo (productId null) or /gestion/productos/:productId:
 * saves and redirects, or answers 400 (a bad field), 403 (selling below zero
 * set by someone who is not the owner) or 409 (a barcode another product has).
 */
export async function productFormAction(request: Request, context: Ctx, productId: string | null) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  if (productId !== null && values.intent === ADJUST_INTENT) return stockAction(context, productId, values);
  const writer = writerOf(context);
  let result: ProductWriteResult;
  if (productId === null) {
    const parsed = parseNewProductForm(values);
    if (!parsed.ok)
      return data<ProductFormState>({ intent: SAVE_INTENT, errors: parsed.errors, values: parsed.values }, 400);
    result = await createProduct(db, writer, parsed.input);
  } else {
    const parsed = parseProductForm(values);
    if (!parsed.ok)
      return data<ProductFormState>({ intent: SAVE_INTENT, errors: parsed.errors, values: parsed.values }, 400);
    result = await updateProduct(db, writer, productId, parsed.input);
  }
  if (!result.ok) return refused(result, values);
  throw redirect(
    `/gestion/productos/${result.product.id}?aviso=${productId === null ? "producto-creado" : "producto-guardado"}`,
  );
}

/** `intent=ajustar-existencias`: adds or takes away units, with a reason (audited). */
async function stockAction(context: Ctx, productId: string, values: Record<string, string>) {
  const parsed = parseStockAdjustment(values);
  if (!parsed.ok)
    return data<ProductFormState>({ intent: ADJUST_INTENT, errors: parsed.errors, values: parsed.values }, 400);
  const { id, email } = writerOf(context);
  try {
    await adjustStockNow(getServices(context).db, productId, parsed.input.delta, {
      reason: parsed.input.reason,
      actor: { id, email },
    });
  } catch (err) {
    if (err instanceof ProductNotFoundError) throw notFound();
    if (!(err instanceof OutOfStockError)) throw err;
    const left = err.stock;
    const there =
      left <= 0 ? "No quedan existencias" : left === 1 ? "Solo queda 1 unidad" : `Solo quedan ${left} unidades`;
    const message = `${there}: este producto no se puede vender ni ajustar por debajo de cero (solo la propietaria puede permitirlo).`;
    return data<ProductFormState>({ intent: ADJUST_INTENT, errors: { delta: message }, values }, 409);
  }
  throw redirect(`/gestion/productos/${productId}?aviso=existencias-ajustadas`);
}

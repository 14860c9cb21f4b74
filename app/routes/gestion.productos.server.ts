import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { listProducts } from "~/counter/products.server.ts";
import { stockLevel } from "~/counter/product-form.ts";
import { productNoticeOf } from "./gestion.productos.producto.server.ts";

/** GET /gestion/productos: every product, inactive ones too, with how its stock reads. */
export async function loadStaffProducts(request: Request, context: Readonly<RouterContextProvider>) {
  const products = await listProducts(getServices(context).db, { includeInactive: true });
  return {
    products: products.map((p) => ({ ...p, level: stockLevel(p.stock) })),
    notice: productNoticeOf(request),
  };
}

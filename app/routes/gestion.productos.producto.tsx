import { Form, Link } from "react-router";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { ProductFields, productFormAlert } from "~/components/staff/product-fields.tsx";
import {
  PRODUCT_LIMITS,
  PRODUCT_SAVE_INTENT,
  STOCK_ADJUST_INTENT,
  STOCK_REASON_SUGGESTIONS,
  productFormValues,
  stockLevel,
} from "~/counter/product-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.productos.producto";
import { loadProductEditor, productFormAction } from "./gestion.productos.producto.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: `${loaderData?.product.name ?? "Producto"} · Productos · Gestión`,
    description: "Editar un producto de la caja y ajustar sus existencias.",
    path: `/gestion/productos/${params.productId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadProductEditor(request, context, params.productId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return productFormAction(request, context, params.productId);
}

const STOCK_WORDS = { out: "sin existencias", low: "quedan pocas", ok: null } as const;

function StockAdjustment({
  stock,
  values,
  errors,
}: {
  stock: number;
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
}) {
  const word = STOCK_WORDS[stockLevel(stock)];
  return (
    <section aria-labelledby="ajustar-existencias">
      <h2 id="ajustar-existencias">Ajustar existencias</h2>
      <p>
        Existencias ahora: <strong>{stock}</strong> {stock === 1 ? "unidad" : "unidades"}
        {word ? ` (${word})` : null}.
      </p>
      <Form method="post" noValidate className="staff-cat__form">
        <input type="hidden" name="intent" value={STOCK_ADJUST_INTENT} />
        <FormAlert message={Object.keys(errors).length > 0 ? "Revisa el ajuste." : undefined} />
        <Field
          name="delta"
          label="Unidades que entran o salen"
          defaultValue={values.delta}
          error={errors.delta}
          maxLength={8}
          autoComplete="off"
          hint="Con signo: 5 o +5 añade cinco unidades; -2 quita dos."
        />
        <Field
          name="reason"
          label="Motivo"
          list="motivos-existencias"
          defaultValue={values.reason}
          error={errors.reason}
          maxLength={PRODUCT_LIMITS.reasonMax}
          hint="Por ejemplo: Recuento, Rotura, Entrada de mercancía."
        />
        <datalist id="motivos-existencias">
          {STOCK_REASON_SUGGESTIONS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <button type="submit" className="staff-cat__button">
          Ajustar existencias
        </button>
      </Form>
    </section>
  );
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, isOwner, notice } = loaderData;
  const stored = productFormValues(product);
  const adjusting = actionData?.intent === STOCK_ADJUST_INTENT;
  const saveErrors = actionData && !adjusting ? actionData.errors : {};
  const saveValues =
    actionData && !adjusting
      ? {
          ...actionData.values,
          allowNegativeStock: actionData.values.allowNegativeStock ?? stored.allowNegativeStock,
        }
      : stored;
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/productos">← Productos</Link>
      </p>
      <h1>{product.name}</h1>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="staff-hint">
        Desactivarlo lo quita de la caja; las ventas ya hechas conservan su nombre y su precio.
      </p>
      <Form method="post" noValidate className="staff-cat__form">
        <input type="hidden" name="intent" value={PRODUCT_SAVE_INTENT} />
        <FormAlert message={productFormAlert(saveErrors, isOwner)} />
        <ProductFields values={saveValues} errors={saveErrors} isOwner={isOwner} isNew={false} />
        <button type="submit" className="staff-cat__button">
          Guardar cambios
        </button>
      </Form>
      <StockAdjustment
        stock={product.stock}
        values={adjusting ? actionData.values : {}}
        errors={adjusting ? actionData.errors : {}}
      />
    </section>
  );
}

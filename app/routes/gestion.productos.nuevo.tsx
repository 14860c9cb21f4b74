import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { ProductFields, productFormAlert } from "~/components/staff/product-fields.tsx";
import { NEW_PRODUCT_VALUES } from "~/counter/product-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.productos.nuevo";
import { loadNewProduct, productFormAction } from "./gestion.productos.producto.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nuevo producto · Gestión",
    description: "Añadir un producto a la venta en caja.",
    path: "/gestion/productos/nuevo",
    origin: rootOrigin(matches),
    noindex: true,
  });

export function loader({ context }: Route.LoaderArgs) {
  return loadNewProduct(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return productFormAction(request, context, null);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { isOwner } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/productos">← Productos</Link>
      </p>
      <h1>Nuevo producto</h1>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert message={productFormAlert(errors, isOwner)} />
        <ProductFields values={actionData?.values ?? NEW_PRODUCT_VALUES} errors={errors} isOwner={isOwner} isNew />
        <button type="submit" className="staff-cat__button">
          Crear producto
        </button>
      </Form>
    </section>
  );
}

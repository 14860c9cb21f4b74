import { Form, useNavigation } from "react-router";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { SELLER_FIELD_LABELS, SELLER_FIELDS, type SellerField } from "~/domain/seller.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.datos-fiscales";
import { loadSellerPage, saveSellerPage, type SellerFormErrors } from "./gestion.datos-fiscales.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Datos fiscales · Gestión",
    description: "Los datos del titular que figuran en las facturas y en el aviso legal de Alejandra Nails.",
    path: "/gestion/datos-fiscales",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSellerPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSellerPage(request, context);
}

const HINTS: Partial<Record<SellerField, string>> = {
  legalName: "Tal como figura en Hacienda: tu nombre y apellidos si eres autónoma, o la razón social de la sociedad.",
  nif: "Se comprueba la letra o el dígito de control.",
  registry: "Solo para sociedades: Registro Mercantil, tomo, folio, hoja e inscripción. Déjalo vacío si eres autónoma.",
  seriesPrefix:
    "Las facturas se numeran AN2026-000001, AN2026-000002… y las rectificativas ANR2026-000001. Cambiarlo empieza una serie nueva.",
};

const OPTIONAL: SellerField[] = ["registry", "seriesPrefix"];

export default function SellerData({ loaderData, actionData }: Route.ComponentProps) {
  const { data, missing, fromConfig, pendingOrders, saved } = loaderData;
  const errors: SellerFormErrors = actionData?.errors ?? {};
  const values: Partial<Record<SellerField, string>> = actionData?.values ?? data;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="staff-page">
      <h1>Datos fiscales</h1>
      <p>
        Estos datos identifican al titular del negocio en cada factura y en las páginas de aviso legal y de privacidad.
        Cada cambio queda en el registro de auditoría; las facturas ya emitidas no cambian.
      </p>
      {saved && !actionData ? <FormAlert tone="success" message="Datos fiscales guardados." /> : null}
      {errors.form ? <FormAlert message={errors.form} /> : null}
      {missing.length > 0 ? (
        <div className="staff-notice" role="status">
          <p>
            <strong>Faltan datos para emitir facturas:</strong> {missing.map((f) => SELLER_FIELD_LABELS[f]).join(", ")}.
          </p>
          <p>
            La web sigue vendiendo.{" "}
            {pendingOrders > 0 ? `Hay ${pendingOrders} pedidos pagados esperando su factura: ` : ""}
            en cuanto completes estos datos se emitirán las facturas pendientes y se enviarán a cada compradora.
          </p>
        </div>
      ) : null}
      {fromConfig.length > 0 ? (
        <p className="field__hint">
          Vienen de la configuración del servidor (variables SELLER_*):{" "}
          {fromConfig.map((f) => SELLER_FIELD_LABELS[f]).join(", ")}. Lo que guardes aquí tiene prioridad.
        </p>
      ) : null}
      <Form method="post" action="/gestion/datos-fiscales" className="staff-form" noValidate>
        <fieldset>
          <legend>Titular</legend>
          {SELLER_FIELDS.map((field) => (
            <Field
              key={field}
              name={field}
              label={SELLER_FIELD_LABELS[field]}
              defaultValue={values[field] ?? ""}
              error={errors[field]}
              hint={HINTS[field]}
              optional={OPTIONAL.includes(field) || undefined}
              autoComplete={field === "postalCode" ? "postal-code" : field === "city" ? "address-level2" : "off"}
              inputMode={field === "postalCode" ? "numeric" : undefined}
            />
          ))}
        </fieldset>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Guardando…" : "Guardar datos fiscales"}
        </button>
      </Form>
    </section>
  );
}

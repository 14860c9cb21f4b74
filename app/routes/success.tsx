import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { useCart } from "~/components/cart/cart-context.tsx";
import { OrderLinesTable } from "~/components/orders/order-lines-table.tsx";
import { DemoBadge, StatusBadge } from "~/components/status-badge.tsx";
import { site } from "~/content/site.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/success";
import { loadSuccess, type SuccessOrderView } from "./success.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Pago completado",
    description: "Resumen de tu compra en la academia de Alejandra Nails.",
    path: "/success",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSuccess(request, context);
}

/** Asks the server again every 5 s while the provider has not settled (at most 5 minutes). */
function usePendingRefresh(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    let runs = 0;
    const timer = window.setInterval(() => {
      runs += 1;
      if (runs > 60) window.clearInterval(timer);
      else void revalidate();
    }, 5000);
    return () => window.clearInterval(timer);
  }, [active, revalidate]);
}

/**
 * Bought courses leave the cart once the payment is confirmed. The cart page
 * empties the cart before leaving for the payment page too, but that write can
 * be lost when the browser navigates away first.
 */
function useRemovePurchasedFromCart(order: SuccessOrderView | null) {
  const { loaded, remove } = useCart();
  const paidIds = order?.status === "paid" ? order.lines.map((l) => l.courseId).join(",") : "";
  useEffect(() => {
    if (!loaded || !paidIds) return;
    for (const id of paidIds.split(",")) remove(id);
  }, [loaded, remove, paidIds]);
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const order = loaderData.kind === "order" ? loaderData.order : null;
  usePendingRefresh(order?.status === "pending");
  useRemovePurchasedFromCart(order);
  if (!order) return <NeutralSuccess signedIn={loaderData.kind === "neutral" && loaderData.signedIn} />;
  return (
    <section className="container section success-page">
      <Heading order={order} />
      <div className="success-layout">
        <section className="card success-details" aria-labelledby="detalles">
          <h2 id="detalles">Detalles del pedido</h2>
          <OrderLinesTable
            lines={order.lines}
            caption="Cursos comprados"
            captionHidden
            look="customer"
            totalCents={order.totalCents}
          />
          <dl className="success-facts">
            <div>
              <dt>Estado</dt>
              <dd>
                <StatusBadge status={order.status} amounts={order} />
                <DemoBadge demo={order.demo} />
              </dd>
            </div>
            <div>
              <dt>Método de pago</dt>
              <dd>{order.methodName}</dd>
            </div>
            <div>
              <dt>Fecha de compra</dt>
              <dd>{madridDateTimeText(new Date(order.purchasedAt))}</dd>
            </div>
            <div>
              <dt>Número de pedido</dt>
              <dd>{order.reference}</dd>
            </div>
          </dl>
        </section>
        {order.status === "paid" ? <NextSteps order={order} /> : null}
      </div>
      <ContactAndShare />
    </section>
  );
}

function Heading({ order }: { order: SuccessOrderView }) {
  const location = useLocation();
  if (order.status === "paid") {
    return (
      <header className="success-header">
        <h1>¡Pago realizado!</h1>
        <p>
          Gracias por tu compra. Te hemos enviado la confirmación a <strong>{order.email}</strong>.
        </p>
      </header>
    );
  }
  if (order.status === "pending") {
    return (
      <header className="success-header" role="status">
        <h1>Pago pendiente de confirmación</h1>
        <p>
          {order.processing
            ? "Has completado el pago y estamos esperando la confirmación del proveedor. Con SeQura o Scalapay puede tardar unos minutos."
            : "Todavía no hemos recibido la confirmación de tu pago."}{" "}
          Esta página se actualiza sola; te avisaremos también por correo.
        </p>
        <p>
          <Link className="btn btn--outline" to={`${location.pathname}${location.search}`} reloadDocument>
            Actualizar estado
          </Link>
        </p>
      </header>
    );
  }
  return (
    <header className="success-header">
      <h1>El pago no se ha completado</h1>
      <p>No se ha realizado ningún cargo. Puedes intentarlo de nuevo cuando quieras.</p>
      <p>
        <Link className="btn" to={`/checkout/${order.lines[0]?.courseId ?? ""}`}>
          Intentar de nuevo
        </Link>
      </p>
    </header>
  );
}

function NextSteps({ order }: { order: SuccessOrderView }) {
  return (
    <section className="card success-next" aria-labelledby="siguientes">
      <h2 id="siguientes">Próximos pasos</h2>
      <ol>
        <li>
          <strong>Revisa tu correo:</strong> te hemos enviado la confirmación con los detalles de cada curso.
        </li>
        <li>
          <strong>Guarda las fechas:</strong>{" "}
          <a href={`/api/pedidos/${order.id}/calendario.ics`} download>
            descarga el calendario (.ics)
          </a>{" "}
          con el inicio de cada convocatoria
          {order.lines.some((l) => l.editionStartsOn)
            ? ` (${order.lines
                .filter((l) => l.editionStartsOn)
                .map((l) => `${l.title}: ${formatLongDate(l.editionStartsOn!)}`)
                .join("; ")})`
            : ""}
          .
        </li>
        <li>
          <strong>Material descargable:</strong> lo encontrarás en <Link to="/mis-cursos">Mis cursos</Link> antes del
          inicio.
        </li>
      </ol>
      {order.withdrawalWaiver ? (
        <p className="muted">
          Pediste que la formación empiece antes de que acaben tus 14 días de desistimiento: si desistes después de
          que haya empezado, pagarás la parte ya impartida.
        </p>
      ) : null}
      <p className="success-links">
        <Link className="btn" to="/mis-cursos">
          Ir a Mis cursos
        </Link>
        <Link className="btn btn--outline" to="/formaciones">
          Ver más formaciones
        </Link>
        <Link className="btn btn--outline" to="/">
          Volver al inicio
        </Link>
      </p>
    </section>
  );
}

function ContactAndShare() {
  const shareText = `¡Me acabo de apuntar a una formación de uñas en ${site.name}! ${site.url}/formaciones`;
  return (
    <section className="success-contact" aria-labelledby="contacto-compra">
      <h2 id="contacto-compra">¿Tienes alguna duda?</h2>
      <p className="success-links">
        <a
          className="btn btn--outline"
          href={site.whatsapp.link("¡Hola! Acabo de comprar una formación y tengo una duda.")}
          target="_blank"
          rel="noopener noreferrer"
        >
          Escríbenos por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
        <a className="btn btn--outline" href={site.phone.href}>
          Llamar al {site.phone.display}
        </a>
      </p>
      <h2>Compártelo</h2>
      <p className="success-links">
        <a
          className="btn btn--outline"
          href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Compartir en WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
        <a
          className="btn btn--outline"
          href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${site.url}/formaciones`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Compartir en Facebook<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      </p>
    </section>
  );
}

function NeutralSuccess({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="container section success-page">
      <h1>Gracias por tu visita</h1>
      <p>
        Si acabas de completar un pago, recibirás la confirmación en tu correo electrónico en unos minutos. Tus cursos
        aparecen en Mis cursos en cuanto se confirma el pago.
      </p>
      <p className="success-links">
        {signedIn ? (
          <Link className="btn" to="/mis-cursos">
            Ir a Mis cursos
          </Link>
        ) : (
          <Link className="btn" to="/login?redirectTo=%2Fmis-cursos">
            Iniciar sesión
          </Link>
        )}
        <Link className="btn btn--outline" to="/formaciones">
          Ver formaciones
        </Link>
      </p>
    </section>
  );
}

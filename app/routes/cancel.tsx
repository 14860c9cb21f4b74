import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { site } from "~/content/site.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/cancel";
import { cancelAction, loadCancel } from "./cancel.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Pago cancelado",
    description: "Has cancelado el pago: no se ha realizado ningún cargo. Puedes intentarlo de nuevo o contactar con nosotras.",
    path: "/cancel",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCancel(request, context);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return cancelAction(request, context, url);
}

const faq = [
  {
    q: "¿Me habéis cobrado algo?",
    a: "No. Al cancelar el pago no se realiza ningún cargo en tu tarjeta ni se inicia ninguna financiación.",
  },
  {
    q: "¿Puedo pagar a plazos?",
    a: "Sí. Con Klarna pagas en 3 plazos sin intereses (hoy, a 30 y a 60 días); con SeQura financias en 3, 6, 9 o 12 cuotas sin intereses, y con Scalapay pagas en 3 o 4 cuotas sin intereses.",
  },
  {
    q: "¿Por qué no se ha completado mi pago con SeQura o Scalapay?",
    a: "SeQura y Scalapay revisan cada solicitud de financiación al momento y a veces no la aprueban. Puedes probar con otro método, como la tarjeta o Klarna.",
  },
  {
    q: "¿Mi plaza queda reservada?",
    a: "La plaza se reserva cuando el pago se confirma. Si quieres asegurarla mientras decides, escríbenos y te ayudamos.",
  },
  {
    q: "¿Es seguro pagar en vuestra web?",
    a: "Sí. El pago se hace en la página segura de Stripe; los datos de tu tarjeta nunca pasan por nuestra web.",
  },
];

export default function Cancel({ loaderData, actionData }: Route.ComponentProps) {
  const { retry } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="container section cancel-page">
      <header className="cancel-header">
        <h1>Pago cancelado</h1>
        <p>No se ha realizado ningún cargo. Tu compra no se ha completado, así que puedes retomarla cuando quieras.</p>
      </header>

      <div className="cancel-options">
        <section className="card cancel-option" aria-labelledby="opcion-reintentar">
          <h2 id="opcion-reintentar">Intentar de nuevo</h2>
          {retry ? (
            <Form method="post">
              <p>
                {retry.titles.join(", ")} · {formatEuros(retry.totalCents)}
              </p>
              <input type="hidden" name="orderId" value={retry.orderId} />
              <FormAlert message={actionData?.error} />
              <button type="submit" className="btn" disabled={busy}>
                {busy ? "Procesando..." : "Reintentar el pago"}
              </button>
            </Form>
          ) : (
            <>
              <p>Vuelve a elegir tu formación y completa el pago.</p>
              <Link className="btn" to="/formaciones">
                Ver formaciones
              </Link>
            </>
          )}
        </section>
        <section className="card cancel-option" aria-labelledby="opcion-contacto">
          <h2 id="opcion-contacto">Habla con nosotras</h2>
          <p>Te ayudamos a elegir el curso o el método de pago que mejor te encaje.</p>
          <a className="btn btn--outline" href={site.whatsapp.link("¡Hola! He tenido un problema al pagar una formación.")} target="_blank" rel="noopener noreferrer">
            WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </section>
        <section className="card cancel-option" aria-labelledby="opcion-cita">
          <h2 id="opcion-cita">Reserva una cita</h2>
          <p>Ven a conocernos al salón y resolvemos tus dudas en persona.</p>
          <Link className="btn btn--outline" to="/contacto">
            Reservar una cita
          </Link>
        </section>
      </div>

      <section className="cancel-faq" aria-labelledby="preguntas">
        <h2 id="preguntas">Preguntas frecuentes</h2>
        {faq.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>

      <section className="cancel-support" aria-labelledby="soporte">
        <h2 id="soporte">Atención a alumnas</h2>
        <ul>
          <li>
            Teléfono: <a href={site.phone.href}>{site.phone.display}</a>
          </li>
          <li>
            WhatsApp:{" "}
            <a href={site.whatsapp.link(site.whatsapp.defaultMessage)} target="_blank" rel="noopener noreferrer">
              {site.whatsapp.display}
              <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          </li>
          <li>
            Correo: <a href={`mailto:${site.email}`}>{site.email}</a>
          </li>
        </ul>
      </section>
    </section>
  );
}

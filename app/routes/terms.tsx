import { Link } from "react-router";
import { LegalPage } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { WITHDRAWAL_FORM_INTRO, WITHDRAWAL_FORM_LINES, WITHDRAWAL_FORM_TITLE } from "~/content/withdrawal-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Términos y condiciones",
    description: `Condiciones de compra de las formaciones de ${site.name}: precios con IVA, pago a plazos, derecho de desistimiento de 14 días, garantía de 30 días y ley aplicable.`,
    path: "/terms",
    origin: rootOrigin(matches),
  });

const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;

export default function Terms() {
  return (
    <LegalPage
      title="Términos y condiciones"
      intro={
        <p>
          Estas condiciones regulan la compra de formaciones en este sitio web. Léelas antes de comprar: al confirmar tu
          pedido declaras que las conoces y las aceptas. Los datos del titular del sitio están en el{" "}
          <Link to="/aviso-legal">aviso legal</Link>.
        </p>
      }
    >
      <h2>1. Qué vendemos</h2>
      <p>
        {site.name} ofrece formaciones de técnica de uñas impartidas en nuestro centro de {site.address.locality} en
        fechas concretas (convocatorias), con plazas limitadas. La descripción de cada formación (contenido, duración,
        nivel, plazas y fecha de inicio) aparece en su ficha de <Link to="/formaciones">Formaciones</Link>. Algunas
        formaciones incluyen material didáctico digital descargable.
      </p>

      <h2>2. Precios</h2>
      <p>
        Todos los precios se indican en euros (EUR) e incluyen el IVA. El precio aplicable es el que se muestra en el
        momento de confirmar el pedido; si aparece un precio anterior tachado, es el precio de referencia previo a la
        promoción. No hay gastos de envío.
      </p>

      <h2>3. Cómo se hace la compra</h2>
      <ol>
        <li>
          Añade la formación al carrito y pulsa «Proceder al pago». Necesitas una cuenta para completar la compra.
        </li>
        <li>
          Elige el método de pago y acepta estos términos y la <Link to="/privacy">política de privacidad</Link>.
        </li>
        <li>
          Completa el pago en la pasarela segura. La compra se confirma cuando recibimos la confirmación del pago.
        </li>
        <li>
          Te enviamos un correo con el resumen del pedido y la información de la convocatoria. Tus formaciones aparecen
          en <Link to="/mis-cursos">Mis cursos</Link>.
        </li>
      </ol>
      <p>
        El contrato se celebra en español y guardamos el documento electrónico de tu pedido, que puedes solicitarnos.
      </p>

      <h2>4. Formas de pago</h2>
      <ul>
        <li>Tarjeta de crédito o débito, en un único pago.</li>
        <li>
          Pago a plazos sin intereses con Klarna, SeQura o Scalapay. La financiación la concede directamente cada
          entidad, sujeta a su aprobación y a sus propias condiciones. La cuota mensual que mostramos («financia
          desde…») es orientativa.
        </li>
      </ul>
      <p>Los pagos se procesan a través de Stripe. Nunca vemos ni almacenamos los datos de tu tarjeta.</p>

      <h2>5. Convocatorias y cambios</h2>
      <p>
        Si por causas justificadas (por ejemplo, no alcanzar un mínimo de alumnas y alumnos, o la enfermedad de la
        formadora) tenemos que aplazar o cancelar una convocatoria, te avisaremos lo antes posible y podrás elegir entre
        pasar a otra convocatoria o recibir la devolución íntegra del importe.
      </p>

      <h2 id="desistimiento">6. Derecho de desistimiento (14 días)</h2>
      <p>
        Como consumidor o consumidora, tienes derecho a desistir de la compra en un plazo de 14 días naturales desde la
        fecha del pedido, sin necesidad de justificación. Para ejercerlo, envíanos una declaración clara (basta un
        correo a {mail} con tu nombre y el número de pedido) antes de que termine el plazo. Te devolveremos el importe
        en un máximo de 14 días desde que recibamos tu comunicación, por el mismo medio de pago que usaste.
      </p>
      <p>
        Excepciones y matices, según el Texto Refundido de la Ley General para la Defensa de los Consumidores y Usuarios
        (TRLGDCU):
      </p>
      <ul>
        <li>
          <strong>Formación presencial</strong>: es un servicio, no un contenido digital; comprarla nunca te hace
          perder el derecho de desistimiento. El material de apoyo que te damos forma parte del curso.
        </li>
        <li>
          <strong>Formación ya iniciada</strong>: si la convocatoria empieza dentro del plazo de desistimiento porque
          así lo pediste expresamente al comprar (una casilla que solo aparece en ese caso), y después desistes,
          pagarás la parte proporcional de las horas ya impartidas (art. 108.3 TRLGDCU). Si la formación se ha
          completado por entero, ya no podrás desistir (art. 103.a TRLGDCU).
        </li>
      </ul>
      <h3 id="formulario-desistimiento">{WITHDRAWAL_FORM_TITLE}</h3>
      <p>
        Puedes usar este modelo (no es obligatorio): cópialo en un correo a {mail} o imprímelo y entrégalo en el salón.
      </p>
      <blockquote className="withdrawal-form">
        <p>{WITHDRAWAL_FORM_INTRO}</p>
        {WITHDRAWAL_FORM_LINES.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </blockquote>

      <h2>7. Garantía de satisfacción de 30 días</h2>
      <p>
        Además de tus derechos legales, te ofrecemos una garantía comercial voluntaria: durante los 30 días siguientes a
        la compra puedes pedirnos la devolución íntegra del importe si la convocatoria en la que te inscribiste todavía
        no ha comenzado. Solicítala en {mail}. Esta garantía no limita ni sustituye tus derechos como consumidor o
        consumidora.
      </p>

      <h2>8. Material y propiedad intelectual</h2>
      <p>
        El material de las formaciones es para tu uso personal. No puedes reproducirlo, distribuirlo ni comunicarlo
        públicamente sin nuestro permiso por escrito. Si algún material no es conforme con lo contratado, tienes los
        derechos de garantía legal previstos en el TRLGDCU.
      </p>

      <h2>9. Certificado</h2>
      <p>
        Al completar la formación con aprovechamiento recibirás el certificado de {site.name} correspondiente, según lo
        indicado en la ficha de cada curso.
      </p>

      <h2>10. Atención al cliente y reclamaciones</h2>
      <p>
        Para cualquier duda o reclamación escríbenos a {mail} o llámanos al{" "}
        <a href={site.phone.href}>{site.phone.display}</a>. Respondemos en el menor tiempo posible y, en todo caso, en
        un plazo máximo de un mes. También dispones de hojas oficiales de reclamación en nuestro centro.
      </p>

      <h2>11. Ley aplicable y jurisdicción</h2>
      <p>
        Estas condiciones se rigen por la ley española. Si eres consumidor o consumidora, para cualquier controversia
        serán competentes los juzgados y tribunales de tu domicilio.
      </p>
    </LegalPage>
  );
}

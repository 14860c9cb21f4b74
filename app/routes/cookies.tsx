import { LegalPage } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Política de cookies",
    description: `${site.name} solo usa cookies técnicas imprescindibles: sin analítica ni publicidad. Te explicamos cuáles son y para qué sirven.`,
    path: "/cookies",
    origin: rootOrigin(matches),
  });

export default function Cookies() {
  return (
    <LegalPage
      title="Política de cookies"
      intro={
        <p>
          Resumen: en este sitio <strong>no usamos cookies de analítica, de publicidad ni de seguimiento</strong>. Solo
          utilizamos lo estrictamente necesario para que funcionen el inicio de sesión y el carrito. Por eso no te
          mostramos ningún banner de cookies.
        </p>
      }
    >
      <h2>1. Qué son las cookies</h2>
      <p>
        Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información entre una
        página y otra. Algo parecido ocurre con el almacenamiento local del navegador («localStorage»), al que esta
        política también se refiere.
      </p>

      <h2>2. Qué usamos y para qué</h2>
      <table className="legal__table">
        <caption className="visually-hidden">Cookies y almacenamiento local que utiliza este sitio</caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Tipo</th>
            <th scope="col">Finalidad</th>
            <th scope="col">Duración</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="Nombre">
              <code>an_session</code>
            </td>
            <td data-label="Tipo">Cookie propia, técnica</td>
            <td data-label="Finalidad">
              Mantener tu sesión iniciada cuando entras en tu cuenta. Solo se crea al iniciar sesión y no es accesible
              desde JavaScript.
            </td>
            <td data-label="Duración">Hasta que cierres sesión, como máximo 30 días.</td>
          </tr>
          <tr>
            <td data-label="Nombre">
              <code>an_oidc</code>
            </td>
            <td data-label="Tipo">Cookie propia, técnica</td>
            <td data-label="Finalidad">Completar de forma segura el inicio de sesión con Google. Solo se crea si eliges esa opción.</td>
            <td data-label="Duración">10 minutos.</td>
          </tr>
          <tr>
            <td data-label="Nombre">
              <code>alejandra-nails-cart</code>
            </td>
            <td data-label="Tipo">Almacenamiento local, técnico</td>
            <td data-label="Finalidad">
              Recordar las formaciones que añades al carrito. Se queda en tu navegador: no se envía a nuestro servidor
              hasta que decides pagar.
            </td>
            <td data-label="Duración">Hasta que vacíes el carrito o borres los datos del navegador.</td>
          </tr>
        </tbody>
      </table>
      <p>
        Para proteger los formularios frente a envíos desde otros sitios no necesitamos ninguna cookie adicional:
        comprobamos el origen de cada petición en el servidor.
      </p>

      <h2>3. Por qué no te pedimos consentimiento</h2>
      <p>
        El artículo 22.2 de la LSSI-CE exime del consentimiento a las cookies y al almacenamiento estrictamente
        necesarios para prestar un servicio que tú has solicitado, como iniciar sesión o guardar tu carrito. La Guía
        sobre el uso de las cookies de la Agencia Española de Protección de Datos las considera exentas. Como no usamos
        ninguna otra, no necesitamos un banner de consentimiento. Si algún día añadimos cookies de otro tipo, te
        pediremos permiso antes de usarlas y actualizaremos esta política.
      </p>

      <h2>4. Servicios de terceros</h2>
      <p>
        Cuando pulsas un enlace a un servicio externo (la agenda de reservas, el mapa, WhatsApp, Instagram, Facebook,
        Threads, Google para iniciar sesión o la pasarela de pago de Stripe), sales de nuestro sitio. Esos servicios
        pueden usar sus propias cookies según sus políticas, que te recomendamos consultar. Nuestras páginas no cargan
        contenido de esos servicios hasta que tú decides ir a ellos.
      </p>

      <h2>5. Cómo borrar o bloquear las cookies</h2>
      <p>
        Puedes borrar las cookies y el almacenamiento local desde la configuración de tu navegador en cualquier momento.
        Si bloqueas las cookies técnicas no podrás iniciar sesión, y si borras el almacenamiento local se vaciará tu
        carrito.
      </p>

      <h2>6. Más información</h2>
      <p>
        Si tienes cualquier duda, escríbenos a <a href={`mailto:${site.email}`}>{site.email}</a>.
      </p>
    </LegalPage>
  );
}

import { Link } from "react-router";
import { LegalPage } from "~/components/legal-page.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { publicSellerFacts } from "~/invoices/seller.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/aviso-legal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Aviso legal",
    description: `Identificación del titular de ${site.name} (art. 10 LSSI-CE), condiciones de uso del sitio web, propiedad intelectual y responsabilidad.`,
    path: "/aviso-legal",
    origin: rootOrigin(matches),
  });

// The owner's identity as she keeps it in Gestión (/gestion/datos-fiscales) or the configuration.
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return { seller: await publicSellerFacts(db, config.seller) };
}

export default function AvisoLegal({ loaderData }: Route.ComponentProps) {
  const { seller } = loaderData;
  const domain = new URL(site.url).hostname;
  return (
    <LegalPage
      title="Aviso legal"
      intro={
        <p>
          En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de Servicios de la Sociedad de la
          Información y de Comercio Electrónico (LSSI-CE), te informamos de los datos del titular de este sitio web.
        </p>
      }
    >
      <h2>1. Datos identificativos</h2>
      <dl className="legal__facts">
        {seller.legalName ? (
          <>
            <dt>Titular</dt>
            <dd>{seller.legalName}</dd>
          </>
        ) : null}
        {seller.nif ? (
          <>
            <dt>NIF</dt>
            <dd>{seller.nif}</dd>
          </>
        ) : null}
        <dt>Nombre comercial</dt>
        <dd>{site.name}</dd>
        <dt>{seller.address ? "Domicilio fiscal" : "Domicilio"}</dt>
        <dd>{seller.address ?? site.address.full}</dd>
        {seller.address && seller.address !== site.address.full ? (
          <>
            <dt>Salón y academia</dt>
            <dd>{site.address.full}</dd>
          </>
        ) : null}
        <dt>Correo electrónico</dt>
        <dd>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </dd>
        <dt>Teléfono</dt>
        <dd>
          <a href={site.phone.href}>{site.phone.display}</a>
        </dd>
        {seller.registry ? (
          <>
            <dt>Datos registrales</dt>
            <dd>{seller.registry}</dd>
          </>
        ) : null}
        <dt>Sitio web</dt>
        <dd>{domain}</dd>
      </dl>

      <h2>2. Objeto</h2>
      <p>
        Este sitio web presenta los servicios del salón de uñas y belleza {site.name}, permite reservar cita a través de
        un servicio externo y comprar las formaciones de nuestra academia. La compra de formaciones se rige por los{" "}
        <Link to="/terms">términos y condiciones</Link>.
      </p>

      <h2>3. Condiciones de uso</h2>
      <p>
        Al navegar por el sitio te comprometes a hacer un uso lícito y respetuoso de sus contenidos y servicios, y a no
        realizar acciones que puedan dañar el sitio, impedir su funcionamiento normal o acceder sin permiso a datos de
        terceros.
      </p>

      <h2>4. Propiedad intelectual e industrial</h2>
      <p>
        Los textos, imágenes, ilustraciones, logotipos, diseño y código de este sitio pertenecen a su titular o se usan
        con autorización. Queda prohibida su reproducción, distribución o transformación sin permiso expreso, salvo para
        tu uso personal y privado.
      </p>

      <h2>5. Responsabilidad</h2>
      <p>
        Cuidamos que la información del sitio sea correcta y esté actualizada, pero pueden existir errores puntuales que
        corregiremos en cuanto los detectemos. No respondemos de las interrupciones del servicio por causas ajenas a
        nuestro control ni de los contenidos de sitios de terceros.
      </p>

      <h2>6. Enlaces a otros sitios</h2>
      <p>
        El sitio enlaza con servicios de terceros (reserva de citas, mapas, WhatsApp y redes sociales). Al seguir esos
        enlaces sales de nuestro sitio y se aplican las condiciones y la política de privacidad de cada servicio.
      </p>

      <h2>7. Protección de datos y cookies</h2>
      <p>
        El tratamiento de tus datos personales se explica en la <Link to="/privacy">política de privacidad</Link> y el
        uso de cookies en la <Link to="/cookies">política de cookies</Link>.
      </p>

      <h2>8. Legislación aplicable</h2>
      <p>
        Este aviso legal se rige por la legislación española. Para cualquier controversia, y salvo que la ley disponga
        otra cosa para las personas consumidoras, serán competentes los juzgados y tribunales del domicilio del usuario.
      </p>
    </LegalPage>
  );
}

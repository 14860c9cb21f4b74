import { Link } from "react-router";
import { LegalPage } from "~/components/legal-page.tsx";
import { getServices } from "~/context.server.ts";
import { publicSellerFacts } from "~/invoices/seller.server.ts";
import { site } from "~/content/site.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Política de privacidad",
    description: `Cómo trata ${site.name} tus datos personales: responsable, finalidades, plazos de conservación, encargados del tratamiento y cómo ejercer tus derechos (RGPD y LOPDGDD).`,
    path: "/privacy",
    origin: rootOrigin(matches),
  });

// The data controller as the owner keeps it in Gestión (/gestion/datos-fiscales) or the configuration.
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return { seller: await publicSellerFacts(db, config.seller) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { seller } = loaderData;
  return (
    <LegalPage
      title="Política de privacidad"
      intro={
        <p>
          Tu privacidad nos importa. Aquí te explicamos con claridad qué datos tratamos, para qué, durante cuánto tiempo
          y qué derechos tienes, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 de Protección de
          Datos personales y garantía de los derechos digitales (LOPDGDD).
        </p>
      }
    >
      <h2>1. Responsable del tratamiento</h2>
      <ul>
        {seller.legalName ? <li>Titular: {seller.legalName}</li> : null}
        {seller.nif ? <li>NIF: {seller.nif}</li> : null}
        <li>Nombre comercial: {site.name}</li>
        <li>Domicilio: {seller.address ?? site.address.full}</li>
        <li>
          Correo electrónico: <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>
          Teléfono: <a href={site.phone.href}>{site.phone.display}</a>
        </li>
      </ul>

      <h2>2. Qué datos tratamos</h2>
      <ul>
        <li>
          <strong>Datos de tu cuenta</strong>: nombre, apellidos, correo electrónico, teléfono (opcional) y tu
          contraseña guardada de forma cifrada e irreversible. Si entras con Google, recibimos tu nombre, tu correo y un
          identificador de tu cuenta de Google; nunca tu contraseña de Google.
        </li>
        <li>
          <strong>Datos de tus compras</strong>: formaciones adquiridas, convocatoria, importe, método de pago elegido,
          fechas y estado del pedido. No vemos ni guardamos los datos de tu tarjeta: los introduces directamente en la
          pasarela de pago.
        </li>
        <li>
          <strong>Preferencias</strong>: los avisos y comunicaciones que activas o desactivas en tu perfil.
        </li>
        <li>
          <strong>Preguntas al asistente virtual</strong>: solo el texto de la pregunta, sin asociarlo a tu cuenta ni a
          tu dirección IP.
        </li>
        <li>
          <strong>Datos técnicos</strong>: la cookie necesaria para mantener tu sesión iniciada y registros técnicos del
          servidor (dirección IP, fecha y página solicitada) para proteger el sitio frente a abusos.
        </li>
      </ul>

      <h2>3. Para qué los usamos y con qué base legal</h2>
      <table className="legal__table">
        <caption className="visually-hidden">Finalidades del tratamiento y su base jurídica</caption>
        <thead>
          <tr>
            <th scope="col">Finalidad</th>
            <th scope="col">Base jurídica</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="Finalidad">Crear y gestionar tu cuenta, tu perfil y el acceso a tus cursos.</td>
            <td data-label="Base jurídica">Ejecución del contrato que aceptas al registrarte (art. 6.1.b RGPD).</td>
          </tr>
          <tr>
            <td data-label="Finalidad">Tramitar tus pedidos de formaciones, los pagos, las facturas y la atención de reclamaciones.</td>
            <td data-label="Base jurídica">
              Ejecución del contrato (art. 6.1.b) y cumplimiento de obligaciones legales fiscales y mercantiles (art.
              6.1.c).
            </td>
          </tr>
          <tr>
            <td data-label="Finalidad">
              Enviarte los correos necesarios del servicio: confirmación de compra, recordatorios de tu convocatoria y
              restablecimiento de contraseña.
            </td>
            <td data-label="Base jurídica">Ejecución del contrato (art. 6.1.b).</td>
          </tr>
          <tr>
            <td data-label="Finalidad">Enviarte novedades y la newsletter mensual, solo si las activas en tu perfil.</td>
            <td data-label="Base jurídica">
              Tu consentimiento (art. 6.1.a), que puedes retirar en cualquier momento desde tu perfil o respondiendo a
              cualquier correo.
            </td>
          </tr>
          <tr>
            <td data-label="Finalidad">Mejorar las respuestas del asistente virtual a partir de preguntas anónimas que no supo contestar.</td>
            <td data-label="Base jurídica">Interés legítimo en mejorar el servicio (art. 6.1.f); al estar anonimizadas no te identifican.</td>
          </tr>
          <tr>
            <td data-label="Finalidad">Proteger el sitio: limitar intentos de acceso, detectar fraudes y resolver incidencias técnicas.</td>
            <td data-label="Base jurídica">Interés legítimo en la seguridad del servicio (art. 6.1.f).</td>
          </tr>
        </tbody>
      </table>
      <p>No tomamos decisiones automatizadas ni elaboramos perfiles con efectos jurídicos sobre ti.</p>

      <h2>4. Cuánto tiempo los conservamos</h2>
      <ul>
        <li>
          Datos de la cuenta: mientras la mantengas activa. Si la eliminas, los borramos salvo lo indicado a
          continuación.
        </li>
        <li>
          Pedidos y facturas: durante los plazos que exige la ley (seis años según el Código de Comercio y los plazos de
          prescripción de la normativa tributaria), bloqueados y solo a disposición de las autoridades.
        </li>
        <li>Preguntas anónimas al asistente virtual: 12 meses.</li>
        <li>
          Registros técnicos de seguridad: un máximo de 90 días, salvo que los necesitemos para investigar un incidente.
        </li>
        <li>Consentimiento para comunicaciones: hasta que lo retires.</li>
      </ul>

      <h2>5. Con quién los compartimos</h2>
      <p>
        No vendemos tus datos ni los cedemos a terceros con fines comerciales. Solo acceden a ellos, por cuenta nuestra
        y con contrato de encargo del tratamiento, los proveedores imprescindibles para prestar el servicio:
      </p>
      <ul>
        <li>
          <strong>Stripe Payments Europe, Ltd.</strong>: pasarela de pago para tarjetas y pagos a plazos. Si eliges
          Klarna, SeQura o Scalapay, esa entidad valora y gestiona la financiación como responsable independiente, con
          su propia política de privacidad.
        </li>
        <li>
          <strong>Proveedor de reservas de citas</strong>: cuando pulsas «RESERVA TU CITA» vas a su página, donde los
          datos que introduzcas se rigen por su propia política de privacidad.
        </li>
        <li>
          <strong>Proveedores de alojamiento web y de correo electrónico</strong>, para guardar los datos y enviarte los
          correos del servicio.
        </li>
      </ul>
      <p>
        También comunicaremos datos a la Administración Tributaria, a jueces y tribunales cuando una ley nos obligue. Si
        algún proveedor trata datos fuera del Espacio Económico Europeo, lo hace con las garantías del RGPD (decisión de
        adecuación, como el Marco de Privacidad de Datos UE-EE. UU., o cláusulas contractuales tipo).
      </p>

      <h2>6. Tus derechos</h2>
      <p>
        Puedes ejercer en cualquier momento tus derechos de acceso, rectificación, supresión, oposición, limitación del
        tratamiento y portabilidad, y retirar el consentimiento que hayas dado, sin que ello afecte a la licitud del
        tratamiento anterior.
      </p>
      <ul>
        <li>
          Desde tu <Link to="/perfil">perfil</Link> puedes corregir tus datos, descargar una copia, ajustar tus
          preferencias y eliminar tu cuenta.
        </li>
        <li>
          También puedes escribirnos a <a href={`mailto:${site.email}`}>{site.email}</a> indicando qué derecho quieres
          ejercer. Te responderemos en el plazo máximo de un mes.
        </li>
      </ul>
      <p>
        Si consideras que no hemos tratado bien tus datos, puedes presentar una reclamación ante la Agencia Española de
        Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid,{" "}
        <a href="https://www.aepd.es" target="_blank" rel="noopener noreferrer">
          www.aepd.es<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
        .
      </p>

      <h2>7. Menores de edad</h2>
      <p>
        Para registrarte debes tener al menos 14 años (art. 7 LOPDGDD). Si eres menor de esa edad, necesitas el
        consentimiento de tu madre, padre o tutor legal.
      </p>

      <h2>8. Seguridad</h2>
      <p>
        Aplicamos medidas técnicas y organizativas adecuadas: conexión cifrada (HTTPS), contraseñas guardadas con un
        algoritmo de cifrado irreversible, acceso restringido a los datos y copias de seguridad.
      </p>

      <h2>9. Cambios en esta política</h2>
      <p>
        Si cambiamos esta política te lo indicaremos en esta página y, si el cambio es importante, también por correo
        electrónico.
      </p>
    </LegalPage>
  );
}

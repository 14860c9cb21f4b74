import { Link } from "react-router";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Gestión",
    description: "Área de gestión del equipo de Alejandra Nails.",
    path: "/gestion",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** The staff area's landing page, until its first tools arrive. */
export default function StaffHome() {
  return (
    <section className="staff-page">
      <h1>Área de gestión</h1>
      <p>
        Estamos preparando el área de gestión del salón. Desde aquí el equipo podrá consultar los pedidos, las alumnas y
        las convocatorias de cada formación.
      </p>
      <p>
        Mientras tanto, todo se gestiona como hasta ahora. <Link to="/">Volver a la web</Link>
      </p>
    </section>
  );
}

import { Link, redirect } from "react-router";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.fotos.subir";
import { uploadPhotoAction } from "./gestion.fotos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Subir foto · Gestión",
    description: "Subir una foto del salón.",
    path: "/gestion/fotos/subir",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** Nothing to show by itself: the forms live in /gestion/fotos. */
export function loader() {
  throw redirect("/gestion/fotos");
}

export async function action({ request, context }: Route.ActionArgs) {
  return uploadPhotoAction(request, context);
}

/** Where a refused upload lands: the message and the form again. */
export default function UploadPhoto({ actionData }: Route.ComponentProps) {
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/fotos">← Fotos</Link>
      </p>
      <h1>No se ha podido subir la foto</h1>
      <p className="staff-cat__notice" role="alert">
        {actionData?.error ?? "Vuelve a intentarlo desde la página de fotos."}
      </p>
    </section>
  );
}

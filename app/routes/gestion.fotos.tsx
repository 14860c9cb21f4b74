import { PhotoCard, PhotoUploadForm, type PhotoItem } from "~/components/staff/photo-forms.tsx";
import { PHOTO_SLOT_SPECS } from "~/domain/site-photo.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.fotos";
import { loadPhotosPage, photosAction } from "./gestion.fotos.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Fotos · Gestión",
    description: "Las fotos del salón en la web: portada, galería, equipo, profesionales y servicios.",
    path: "/gestion/fotos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPhotosPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return photosAction(request, context);
}

/** A one-photo place: the photo with its forms, or the upload form over "the artwork is shown". */
function SinglePhoto({
  photo,
  slot,
  subjectId,
  idPrefix,
  errorFor,
}: {
  photo: PhotoItem | undefined;
  slot: "hero" | "team" | "professional" | "service";
  subjectId?: string;
  idPrefix: string;
  errorFor: (id: string) => string | undefined;
}) {
  if (photo) {
    return (
      <ul className="staff-photos">
        <PhotoCard photo={photo} error={errorFor(photo.id)} />
      </ul>
    );
  }
  return (
    <>
      <p>{slot === "service" ? "Sin foto: la ficha se ve sin imagen." : "Sin foto: la web muestra la ilustración."}</p>
      <PhotoUploadForm slot={slot} subjectId={subjectId} idPrefix={idPrefix} />
    </>
  );
}

export default function StaffPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, professionals, services, notice } = loaderData;
  const errorFor = (id: string) => (actionData?.photoId === id ? actionData.error : undefined);
  const one = (slot: PhotoItem["slot"], subjectId: string | null = null) =>
    photos.find((p) => p.slot === slot && p.subjectId === subjectId);
  const gallery = photos.filter((p) => p.slot === "gallery");
  const galleryMax = PHOTO_SLOT_SPECS.gallery.max;
  return (
    <section className="staff-cat">
      <h1>Fotos</h1>
      <p>
        Sube fotos reales del salón. Donde no hay foto, la web sigue mostrando su ilustración, y los textos de cada
        página se ajustan a lo que se ve. Cada foto necesita un texto alternativo que la describa.
      </p>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      {actionData?.error && !actionData.photoId ? (
        <p className="staff-cat__notice" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <h2 id="portada">{PHOTO_SLOT_SPECS.hero.label}</h2>
      <SinglePhoto photo={one("hero")} slot="hero" idPrefix="hero" errorFor={errorFor} />

      <h2 id="galeria">{`${PHOTO_SLOT_SPECS.gallery.label} (${gallery.length} de ${galleryMax})`}</h2>
      {gallery.length === 0 ? <p>Sin fotos: la página de inicio muestra las ilustraciones de estilos.</p> : null}
      <ul className="staff-photos">
        {gallery.map((photo, i) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            first={i === 0}
            last={i === gallery.length - 1}
            error={errorFor(photo.id)}
          />
        ))}
      </ul>
      {gallery.length < galleryMax ? (
        <>
          <h3>Añadir a la galería</h3>
          <PhotoUploadForm slot="gallery" idPrefix="gallery-new" />
        </>
      ) : (
        <p>La galería está completa: quita una foto para añadir otra.</p>
      )}

      <h2 id="equipo">{PHOTO_SLOT_SPECS.team.label}</h2>
      <SinglePhoto photo={one("team")} slot="team" idPrefix="team" errorFor={errorFor} />

      <h2 id="profesionales">Profesionales</h2>
      {professionals.map((p) => (
        <div key={p.id}>
          <h3 id={`profesional-${p.id}`}>{p.name}</h3>
          <SinglePhoto
            photo={one("professional", p.id)}
            slot="professional"
            subjectId={p.id}
            idPrefix={`pro-${p.id}`}
            errorFor={errorFor}
          />
        </div>
      ))}

      <h2 id="servicios">Servicios</h2>
      <p>Opcional: una foto por servicio, que se ve en su ficha de la carta.</p>
      {services.map((s) => (
        <details key={s.id} open={!!one("service", s.id)}>
          <summary>{s.name}</summary>
          <SinglePhoto
            photo={one("service", s.id)}
            slot="service"
            subjectId={s.id}
            idPrefix={`service-${s.id}`}
            errorFor={errorFor}
          />
        </details>
      ))}
    </section>
  );
}

// The forms of Gestión → Fotos (/gestion/fotos): upload or replace a photo, change
// its text, move it in the gallery, remove it. Plain forms that post without JavaScript.
import { Form } from "react-router";
import { Field } from "~/components/auth/field.tsx";
import { Picture } from "~/components/picture.tsx";
import type { ImageEntry } from "~/content/image-names.ts";
import { COURSE_IMAGE } from "~/domain/course-image.ts";
import { ALT_MAX, CAPTION_MAX, PHOTO_SLOT_SPECS, type PhotoSlot } from "~/domain/site-photo.ts";

export interface PhotoItem {
  id: string;
  slot: PhotoSlot;
  subjectId: string | null;
  alt: string;
  caption: string | null;
  entry: ImageEntry;
}

const ALT_HINT =
  "Describe lo que se ve, para quien no pueda ver la foto (p. ej. «Manicura francesa con puntas blancas sobre uñas almendradas»).";

/** Upload a new photo into a slot, or replace `replaces`. */
export function PhotoUploadForm({
  slot,
  subjectId = null,
  replaces = null,
  idPrefix,
  error,
}: {
  slot: PhotoSlot;
  subjectId?: string | null;
  replaces?: string | null;
  /** Unique per form on the page (the inputs' ids). */
  idPrefix: string;
  error?: string;
}) {
  const spec = PHOTO_SLOT_SPECS[slot];
  return (
    <Form method="post" action="/gestion/fotos/subir" encType="multipart/form-data" className="staff-cat__form">
      <input type="hidden" name="slot" value={slot} />
      {subjectId ? <input type="hidden" name="subject" value={subjectId} /> : null}
      {replaces ? <input type="hidden" name="replaces" value={replaces} /> : null}
      <Field
        id={`${idPrefix}-alt`}
        name="alt"
        label="Texto alternativo"
        maxLength={ALT_MAX}
        hint={ALT_HINT}
        error={error}
      />
      {slot === "gallery" ? (
        <Field id={`${idPrefix}-caption`} name="caption" label="Título bajo la foto" maxLength={CAPTION_MAX} optional />
      ) : null}
      <Field
        id={`${idPrefix}-image`}
        name="image"
        label={replaces ? "Nueva foto" : "Foto"}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hint={`JPEG, PNG o WebP de hasta ${COURSE_IMAGE.maxBytes / 1024 / 1024} MB y al menos ${spec.minWidth} × ${spec.minHeight} píxeles. Se recorta en formato ${spec.aspect[0]}:${spec.aspect[1]}.`}
      />
      <button type="submit" className="staff-cat__button">
        {replaces ? "Cambiar foto" : "Subir foto"}
      </button>
    </Form>
  );
}

/** One stored photo: its picture, its text, and (in the gallery) its place. */
export function PhotoCard({
  photo,
  first = false,
  last = false,
  error,
}: {
  photo: PhotoItem;
  first?: boolean;
  last?: boolean;
  error?: string;
}) {
  const gallery = photo.slot === "gallery";
  return (
    <li id={`foto-${photo.id}`} className="staff-cat__image">
      <Picture name={photo.entry} alt={photo.alt} sizes="320px" />
      <div>
        <Form method="post" className="staff-cat__form">
          <input type="hidden" name="id" value={photo.id} />
          <Field
            id={`alt-${photo.id}`}
            name="alt"
            label="Texto alternativo"
            defaultValue={photo.alt}
            maxLength={ALT_MAX}
            error={error}
          />
          {gallery ? (
            <Field
              id={`caption-${photo.id}`}
              name="caption"
              label="Título bajo la foto"
              defaultValue={photo.caption ?? ""}
              maxLength={CAPTION_MAX}
              optional
            />
          ) : null}
          <div className="staff-cat__actions">
            <button
              type="submit"
              name="intent"
              value="describe"
              className="staff-cat__button staff-cat__button--secondary"
            >
              Guardar texto
            </button>
            {gallery && !first ? (
              <button type="submit" name="intent" value="up" className="staff-cat__button staff-cat__button--secondary">
                Subir en la galería
              </button>
            ) : null}
            {gallery && !last ? (
              <button
                type="submit"
                name="intent"
                value="down"
                className="staff-cat__button staff-cat__button--secondary"
              >
                Bajar en la galería
              </button>
            ) : null}
            <button type="submit" name="intent" value="remove" className="staff-cat__button staff-cat__button--danger">
              Quitar foto
            </button>
          </div>
        </Form>
        <details>
          <summary>Cambiar por otra foto</summary>
          <PhotoUploadForm
            slot={photo.slot}
            subjectId={photo.subjectId}
            replaces={photo.id}
            idPrefix={`replace-${photo.id}`}
          />
        </details>
      </div>
    </li>
  );
}

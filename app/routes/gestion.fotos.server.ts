import { data, redirect, type RouterContextProvider } from "react-router";
import { listStaffProfessionals, listStaffServices } from "~/bookings/menu-admin.server.ts";
import { getServices } from "~/context.server.ts";
import {
  describeSitePhoto,
  listSitePhotos,
  moveGalleryPhoto,
  PhotoRefusal,
  removeSitePhoto,
  uploadSitePhoto,
} from "~/media/site-photos.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const NOTICES: Record<string, string> = {
  subida: "Foto guardada: ya se ve en la web.",
  quitada: "Foto quitada: en su lugar vuelve la ilustración.",
  descrita: "Texto de la foto guardado.",
  movida: "Orden de la galería guardado.",
};

/** GET /gestion/fotos: every photo, with the professionals and services that can have one. */
export async function loadPhotosPage(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const [photos, professionals, services] = await Promise.all([
    listSitePhotos(db),
    listStaffProfessionals(db),
    listStaffServices(db),
  ]);
  const notice = NOTICES[new URL(request.url).searchParams.get("aviso") ?? ""] ?? null;
  return {
    photos,
    professionals: professionals.map((p) => ({ id: p.id, name: p.name })),
    services: services.map((s) => ({ id: s.id, name: s.name })),
    notice,
  };
}

/** POST /gestion/fotos: remove a photo, change its text, or move a gallery photo. */
export async function photosAction(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const id = text("id") ?? "";
  const actor = actorOf(context);
  try {
    switch (text("intent")) {
      case "remove":
        if (!(await removeSitePhoto(db, actor, id))) throw new PhotoRefusal("Esa foto ya no existe", 404);
        throw redirect("/gestion/fotos?aviso=quitada");
      case "describe":
        await describeSitePhoto(db, actor, id, text("alt"), text("caption"));
        throw redirect("/gestion/fotos?aviso=descrita");
      case "up":
      case "down":
        await moveGalleryPhoto(db, actor, id, text("intent") === "up" ? "up" : "down");
        throw redirect("/gestion/fotos?aviso=movida#galeria");
      default:
        return data({ error: "Acción desconocida", photoId: id }, 400);
    }
  } catch (err) {
    if (err instanceof PhotoRefusal) return data({ error: err.message, photoId: id }, err.status);
    throw err;
  }
}

/** POST /gestion/fotos/subir (multipart, streamed: see server/body-limit.ts). */
export async function uploadPhotoAction(request: Request, context: Ctx) {
  const { db, config, logger } = getServices(context);
  try {
    const photo = await uploadSitePhoto(db, config.dataDir, actorOf(context), request);
    return redirect(`/gestion/fotos?aviso=subida#foto-${photo.id}`);
  } catch (err) {
    if (err instanceof PhotoRefusal) return data({ error: err.message }, err.status);
    logger.error({ err }, "site photo upload failed");
    return data({ error: "No se ha podido procesar la foto; prueba con otra" }, 500);
  }
}

/**
 * The routes that take a file: a course's image (/gestion/cursos/:courseId/imagen) and
 * the salon's photos (/gestion/fotos/subir), each with its `.data` twin when React
 * Router submits the form with JavaScript. Their body
 * is streamed to disk instead of being read whole by server/body-limit.ts, under
 * its own cap. Kept free of heavy imports (sharp, busboy) so the Express layer can read it cheaply.
 */
import path from "node:path";
import { COURSE_IMAGE } from "../domain/course-image.ts";

/** Where uploaded renditions live on disk: DATA_DIR/img (served at /img/uploads). */
export function uploadedImagesDir(dataDir: string): string {
  return path.join(dataDir, "img");
}

/** Largest image file the staff may upload. */
export const MAX_IMAGE_BYTES = COURSE_IMAGE.maxBytes;

/** The whole multipart request: the image plus its boundaries and headers. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

const UPLOAD_PATH = /^\/gestion\/cursos\/[^/]+\/imagen(?:\.data)?$/;
/** Gestión → Fotos (app/routes/gestion.fotos.subir.tsx). */
const PHOTO_UPLOAD_PATH = /^\/gestion\/fotos\/subir(?:\.data)?$/;

export function isImageUploadPath(pathname: string): boolean {
  return UPLOAD_PATH.test(pathname) || PHOTO_UPLOAD_PATH.test(pathname);
}

/** The error an upload body stream fails with once it passes MAX_UPLOAD_REQUEST_BYTES. */
const UPLOAD_TOO_LARGE = "UPLOAD_TOO_LARGE";

export function uploadTooLargeError(): Error & { code: string } {
  return Object.assign(new Error("La petición es demasiado grande"), { code: UPLOAD_TOO_LARGE });
}

export function isUploadTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === UPLOAD_TOO_LARGE;
}

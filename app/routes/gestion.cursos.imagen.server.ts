import { data, redirect, type RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { setCourseImage } from "~/catalogue/course-admin.server.ts";
import { getStaffCourse } from "~/catalogue/staff-queries.server.ts";
import { ImageUploadError, uploadCourseImage } from "~/catalogue/images.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export async function loadImagePage(context: Ctx, courseId: string) {
  const course = await getStaffCourse(getServices(context).db, courseId);
  if (!course) throw data("No existe ese curso", { status: 404 });
  return { course: { id: course.id, title: course.title, image: course.image } };
}

/**
 * POST /gestion/cursos/:courseId/imagen (multipart, streamed: see server/body-limit.ts).
 * The course is looked up first; a refused file answers this page with its message.
 */
export async function uploadImageAction(request: Request, context: Ctx, courseId: string) {
  const { db, config, logger } = getServices(context);
  if (!(await getStaffCourse(db, courseId))) throw data("No existe ese curso", { status: 404 });
  let ref: string;
  try {
    ref = await uploadCourseImage(request, config.dataDir);
  } catch (err) {
    if (err instanceof ImageUploadError) return data({ error: err.message }, err.status);
    logger.error({ err }, "course image upload failed");
    return data({ error: "No se ha podido procesar la imagen; prueba con otra" }, 500);
  }
  if (!(await setCourseImage(db, actorOf(context), courseId, ref))) {
    throw data("No existe ese curso", { status: 404 });
  }
  throw redirect(`/gestion/cursos/${courseId}?aviso=imagen#imagen`);
}

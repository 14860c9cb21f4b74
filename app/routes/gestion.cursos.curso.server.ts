import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getServices } from "~/context.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { courseFormSchema, courseFormValues, echoValues, formErrors } from "~/domain/course-form.ts";
import { setCoursePublished, updateCourse } from "~/catalogue/course-admin.server.ts";
import { courseIsSold, getStaffCourse, listCourseEditions } from "~/catalogue/staff-queries.server.ts";
import { noticeOf } from "~/components/staff/catalogue-labels.ts";
import { actorOf, SLUG_MESSAGES, type CourseFormData } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const notFound = () => data("No existe ese curso", { status: 404 });

export async function loadStaffCoursePage(request: Request, context: Ctx, courseId: string) {
  const { db } = getServices(context);
  const course = await getStaffCourse(db, courseId);
  if (!course) throw notFound();
  const [editions, sold] = await Promise.all([listCourseEditions(db, course.id), courseIsSold(db, course.id)]);
  return {
    course,
    values: courseFormValues(course),
    editions,
    sold,
    today: todayInMadrid(),
    notice: noticeOf(request),
  };
}

/** POST /gestion/cursos/:courseId — intent save | publish | unpublish. */
export async function staffCourseAction(request: Request, context: Ctx, courseId: string) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  const intent = values.intent;
  if (intent === "publish" || intent === "unpublish") {
    const result = await setCoursePublished(db, actorOf(context), courseId, intent === "publish");
    if (!result.found) throw notFound();
    throw redirect(`/gestion/cursos/${courseId}?aviso=${intent === "publish" ? "publicado" : "retirado"}`);
  }
  if (intent !== "save") return data<CourseFormData>({ errors: { form: "Acción desconocida" }, values: {} }, 400);
  const parsed = courseFormSchema.safeParse(values);
  if (!parsed.success) {
    return data<CourseFormData>({ errors: formErrors(parsed.error), values: echoValues(values) }, 400);
  }
  const result = await updateCourse(db, actorOf(context), courseId, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data<CourseFormData>({ errors: { id: SLUG_MESSAGES[result.reason] }, values: echoValues(values) }, 409);
  }
  throw redirect(`/gestion/cursos/${result.id}?aviso=guardado`);
}

import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { courseFormSchema, echoValues, formErrors } from "~/domain/course-form.ts";
import { createCourse } from "~/catalogue/course-admin.server.ts";

export interface CourseFormData {
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export const SLUG_MESSAGES = {
  "slug-taken": "Ya existe un curso con ese identificador; elige otro",
  "slug-locked": "Este curso ya se ha vendido: su identificador no se puede cambiar",
} as const;

/** The signed-in staff member, as the audit log names them. */
export function actorOf(context: Readonly<RouterContextProvider>) {
  const user = getUser(context);
  return { id: user.id, email: user.email };
}

/** POST /gestion/cursos/nuevo: a new, unpublished course. */
export async function newCourseAction(request: Request, context: Readonly<RouterContextProvider>) {
  const values = formValues(await request.formData());
  const parsed = courseFormSchema.safeParse(values);
  if (!parsed.success) {
    return data<CourseFormData>({ errors: formErrors(parsed.error), values: echoValues(values) }, 400);
  }
  const result = await createCourse(getServices(context).db, actorOf(context), parsed.data);
  if (!result.ok) {
    return data<CourseFormData>({ errors: { id: SLUG_MESSAGES["slug-taken"] }, values: echoValues(values) }, 409);
  }
  throw redirect(`/gestion/cursos/${result.id}?aviso=creado`);
}

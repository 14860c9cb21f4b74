// Loaders and actions of the edition screens under /gestion/cursos/:courseId/convocatorias.
import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { noticeOf } from "~/components/staff/catalogue-labels.ts";
import { getServices } from "~/context.server.ts";
import { echoValues, editionFormValues } from "~/domain/course-form.ts";
import { editionCatalanValues, parseEditionForm } from "~/lib/catalan-form.ts";
import { getStaffCourse, getStaffEdition, listEditionStudents } from "~/catalogue/staff-queries.server.ts";
import {
  changeEditionStatus,
  createEdition,
  updateEdition,
  type EditionWriteResult,
} from "~/catalogue/edition-admin.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

interface EditionFormData {
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

const notFound = (what = "esa convocatoria") => data(`No existe ${what}`, { status: 404 });

async function courseOr404(context: Ctx, courseId: string) {
  const course = await getStaffCourse(getServices(context).db, courseId);
  if (!course) throw notFound("ese curso");
  return { id: course.id, title: course.title, classSize: course.classSize };
}

async function editionOr404(context: Ctx, courseId: string, editionId: string) {
  const course = await courseOr404(context, courseId);
  const edition = await getStaffEdition(getServices(context).db, courseId, editionId);
  if (!edition) throw notFound();
  return { course, edition };
}

/** Why a write was refused, as the person sees it. */
function refusal(result: Exclude<EditionWriteResult, { ok: true }>): { status: number; message: string } {
  switch (result.reason) {
    case "not-found":
      throw notFound();
    case "cancelled":
      return { status: 409, message: "Esta convocatoria está cancelada: ya no se puede modificar." };
    case "state":
      return { status: 409, message: "La convocatoria ha cambiado mientras tanto; revisa su estado." };
    case "seats-below-taken":
      return {
        status: 409,
        message: `Ya hay ${result.seatsTaken} ${result.seatsTaken === 1 ? "plaza ocupada" : "plazas ocupadas"}: las plazas no pueden ser menos.`,
      };
  }
}

export async function loadNewEdition(context: Ctx, courseId: string) {
  const course = await courseOr404(context, courseId);
  return { course, values: { seats: String(course.classSize) } };
}

export async function newEditionAction(request: Request, context: Ctx, courseId: string) {
  const values = formValues(await request.formData());
  const parsed = parseEditionForm(values);
  if (!parsed.ok) return data<EditionFormData>({ errors: parsed.errors, values: parsed.values }, 400);
  const result = await createEdition(getServices(context).db, actorOf(context), courseId, parsed.input);
  if (!result.ok) throw notFound("ese curso");
  throw redirect(`/gestion/cursos/${courseId}?aviso=convocatoria-creada#convocatorias`);
}

export async function loadEdition(request: Request, context: Ctx, courseId: string, editionId: string) {
  const { course, edition } = await editionOr404(context, courseId, editionId);
  const values = { ...editionFormValues(edition), ...editionCatalanValues(edition) };
  return { course, edition, values, notice: noticeOf(request) };
}

const STATUS_NOTICES = { close: "convocatoria-cerrada", reopen: "convocatoria-reabierta" } as const;

/** POST …/convocatorias/:editionId — intent save | close | reopen. */
export async function editionAction(request: Request, context: Ctx, courseId: string, editionId: string) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  const here = `/gestion/cursos/${courseId}/convocatorias/${editionId}`;
  if (values.intent === "close" || values.intent === "reopen") {
    const result = await changeEditionStatus(db, actorOf(context), courseId, editionId, values.intent);
    if (!result.ok) {
      const { status, message } = refusal(result);
      return data<EditionFormData>({ errors: { form: message }, values: {} }, status);
    }
    throw redirect(`${here}?aviso=${STATUS_NOTICES[values.intent]}`);
  }
  if (values.intent !== "save")
    return data<EditionFormData>({ errors: { form: "Acción desconocida" }, values: {} }, 400);
  const parsed = parseEditionForm(values);
  if (!parsed.ok) return data<EditionFormData>({ errors: parsed.errors, values: parsed.values }, 400);
  const result = await updateEdition(db, actorOf(context), courseId, editionId, parsed.input);
  if (!result.ok) {
    const { status, message } = refusal(result);
    const field = result.reason === "seats-below-taken" ? "seats" : "form";
    return data<EditionFormData>({ errors: { [field]: message }, values: echoValues(values) }, status);
  }
  throw redirect(`${here}?aviso=convocatoria-guardada`);
}

export async function loadCancelPage(context: Ctx, courseId: string, editionId: string) {
  const { course, edition } = await editionOr404(context, courseId, editionId);
  return { course, edition, students: await listEditionStudents(getServices(context).db, editionId) };
}

/** POST …/cancelar: only from the confirmation page, which listed whom to contact. */
export async function cancelEditionAction(request: Request, context: Ctx, courseId: string, editionId: string) {
  const values = formValues(await request.formData());
  if (values.confirm !== "yes") return data({ error: "Marca la casilla para confirmar la cancelación." }, 400);
  const result = await changeEditionStatus(getServices(context).db, actorOf(context), courseId, editionId, "cancel");
  if (!result.ok) return data({ error: refusal(result).message }, 409);
  throw redirect(`/gestion/cursos/${courseId}/convocatorias/${editionId}?aviso=convocatoria-cancelada`);
}

import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { commissionOfPost, commissionPercentText, COMMISSION_FIELD } from "~/counter/commission.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import type { Db } from "~/db/db.server.ts";
import {
  MENU_WRITE_MESSAGES,
  REVIEW_INTENT,
  bookingNoticeOf,
  type BookingFormState,
} from "~/components/staff/bookings/labels.ts";
import type { CheckboxOption } from "~/components/forms/checkbox-fields.tsx";
import {
  createService,
  getStaffService,
  listStaffProfessionals,
  listStaffServices,
  storedCommission,
  updateService,
} from "~/bookings/menu-admin.server.ts";
import { readPostedForm, SERVICE_CATEGORY_IDS, SERVICE_CATEGORY_NAMES } from "~/domain/service-form.ts";
import { parseServiceFormWithCatalan } from "~/lib/catalan-form.ts";
import { markServiceReviewed } from "~/bookings/service-review.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** GET /gestion/servicios: the menu by category, and how many rows the owner has not reviewed. */
export async function loadStaffServices(request: Request, context: Ctx) {
  const services = await listStaffServices(getServices(context).db);
  const groups = SERVICE_CATEGORY_IDS.map((category) => ({
    category,
    label: SERVICE_CATEGORY_NAMES[category],
    services: services.filter((s) => s.category === category),
  })).filter((g) => g.services.length > 0);
  return {
    groups,
    pendingCount: services.filter((s) => s.reviewPending).length,
    notice: bookingNoticeOf(request),
  };
}

/** The active professionals, as the form's checkboxes. */
export async function professionalOptions(db: Db): Promise<CheckboxOption[]> {
  return (await listStaffProfessionals(db))
    .filter((p) => p.active)
    .map((p) => ({ value: p.id, label: p.name, note: p.title || undefined }));
}

const notFound = () => data("No existe ese servicio", { status: 404 });

/** GET /gestion/servicios/:serviceId */
export async function loadServiceEditor(request: Request, context: Ctx, serviceId: string) {
  const { db } = getServices(context);
  const service = await getStaffService(db, serviceId);
  if (!service) throw notFound();
  // The commission field (the owner's alone): its stored value as the form shows it; null hides the field.
  const commission = isOwnerRole(getUser(context).role)
    ? commissionPercentText(await storedCommission(db, "services", serviceId))
    : null;
  return { service, professionals: await professionalOptions(db), commission, notice: bookingNoticeOf(request) };
}

/**
 * POST /gestion/servicios/nuevo (serviceId null) or /gestion/servicios/:serviceId:
 * saves and redirects, or answers 400 with the errors and what was typed.
 */
export async function serviceFormAction(request: Request, context: Ctx, serviceId: string | null) {
  const { db } = getServices(context);
  const posted = readPostedForm(await request.formData(), ["professionals"]);
  const commission = commissionOfPost(posted.values, isOwnerRole(getUser(context).role));
  if (!commission.ok && "forbidden" in commission) {
    throw data("Solo la propietaria puede fijar las comisiones.", { status: 403 });
  }
  const parsed = parseServiceFormWithCatalan(posted);
  if (!parsed.ok || !commission.ok) {
    const errors = {
      ...(parsed.ok ? {} : parsed.errors),
      ...(commission.ok ? {} : { [COMMISSION_FIELD]: commission.error }),
    };
    return data<BookingFormState>({ errors, values: posted.values, lists: posted.lists }, 400);
  }
  const actor = actorOf(context);
  const input = { ...parsed.input, commissionBp: commission.bp };
  const result =
    serviceId === null ? await createService(db, actor, input) : await updateService(db, actor, serviceId, input);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data<BookingFormState>(
      {
        errors: { professionals: MENU_WRITE_MESSAGES["unknown-professional"] },
        values: posted.values,
        lists: posted.lists,
      },
      409,
    );
  }
  throw redirect(
    `/gestion/servicios/${result.id}?aviso=${serviceId === null ? "servicio-creado" : "servicio-guardado"}`,
  );
}

/**
 * POST /gestion/servicios (`servicio` names the service) or /gestion/servicios/:serviceId
 * with `intent=revisar`: marks it reviewed (audited) and goes back where the click came from.
 */
export async function reviewServiceAction(request: Request, context: Ctx, fromPage: string | null) {
  const form = await request.formData();
  const serviceId = fromPage ?? String(form.get("servicio") ?? "");
  if (form.get("intent") !== REVIEW_INTENT || serviceId === "") throw data("Petición no válida", { status: 400 });
  const result = await markServiceReviewed(getServices(context).db, actorOf(context), serviceId);
  if (result === "not-found") throw notFound();
  const aviso = result === "reviewed" ? "servicio-revisado" : "servicio-ya-revisado";
  throw redirect(fromPage ? `/gestion/servicios/${fromPage}?aviso=${aviso}` : `/gestion/servicios?aviso=${aviso}`);
}

/** The service page posts both its form and the one-step review: which one this is. */
export async function isReviewPost(request: Request): Promise<boolean> {
  return (await request.clone().formData()).get("intent") === REVIEW_INTENT;
}

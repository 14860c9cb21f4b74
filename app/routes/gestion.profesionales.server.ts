import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { commissionOfPost, commissionPercentText, COMMISSION_FIELD } from "~/counter/commission.ts";
import type { Db } from "~/db/db.server.ts";
import {
  createProfessional,
  getStaffProfessional,
  listStaffProfessionals,
  listStaffServices,
  storedCommission,
  updateProfessional,
} from "~/bookings/menu-admin.server.ts";
import type { CheckboxOption } from "~/components/forms/checkbox-fields.tsx";
import { MENU_WRITE_MESSAGES, bookingNoticeOf, type BookingFormState } from "~/components/staff/bookings/labels.ts";
import type { AccountOption } from "~/components/staff/bookings/professional-fields.tsx";
import { parseProfessionalForm, weekSummary } from "~/domain/professional-form.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { readPostedForm, SERVICE_CATEGORY_NAMES } from "~/domain/service-form.ts";
import { listStaff } from "~/staff/auth/members.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** GET /gestion/profesionales */
export async function loadStaffProfessionals(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const [pros, services, staff] = await Promise.all([listStaffProfessionals(db), listStaffServices(db), listStaff(db)]);
  const serviceName = new Map(services.map((s) => [s.id, s.name]));
  const email = new Map(staff.map((m) => [m.id, m.email]));
  return {
    professionals: pros.map((p) => ({
      id: p.id,
      name: p.name,
      title: p.title,
      active: p.active,
      account: p.userId ? (email.get(p.userId) ?? null) : null,
      services: p.serviceIds.map((id) => serviceName.get(id) ?? id),
      week: weekSummary(p.hours),
    })),
    notice: bookingNoticeOf(request),
  };
}

/** Every service as a checkbox (inactive ones say so), and the staff accounts to link. */
export async function professionalFormOptions(
  db: Db,
): Promise<{ services: CheckboxOption[]; accounts: AccountOption[] }> {
  const [services, staff] = await Promise.all([listStaffServices(db), listStaff(db)]);
  return {
    services: services.map((s) => ({
      value: s.id,
      label: s.name,
      note: `${SERVICE_CATEGORY_NAMES[s.category]}${s.active ? "" : " · inactivo"}`,
    })),
    accounts: staff.map((m) => ({ id: m.id, label: m.name ? `${m.name} (${m.email})` : m.email })),
  };
}

const notFound = () => data("No existe esa profesional", { status: 404 });

/** GET /gestion/profesionales/:professionalId */
export async function loadProfessionalEditor(request: Request, context: Ctx, professionalId: string) {
  const { db } = getServices(context);
  const professional = await getStaffProfessional(db, professionalId);
  if (!professional) throw notFound();
  // The commission field (the owner's alone): its stored value as the form shows it; null hides the field.
  const commission = isOwnerRole(getUser(context).role)
    ? commissionPercentText(await storedCommission(db, "professionals", professionalId))
    : null;
  return { professional, ...(await professionalFormOptions(db)), commission, notice: bookingNoticeOf(request) };
}

/** Which field a refused write points at. */
const FIELD_OF = {
  "unknown-service": "services",
  "unknown-professional": "form",
  "bad-account": "userId",
  "account-taken": "userId",
} as const;

/**
 * POST /gestion/profesionales/nueva (professionalId null) or /:professionalId:
 * saves and redirects, or answers 400/409 with the errors and what was typed.
 */
export async function professionalFormAction(request: Request, context: Ctx, professionalId: string | null) {
  const { db } = getServices(context);
  const posted = readPostedForm(await request.formData(), ["services"]);
  const commission = commissionOfPost(posted.values, isOwnerRole(getUser(context).role));
  if (!commission.ok && "forbidden" in commission) {
    throw data("Solo la propietaria puede fijar las comisiones.", { status: 403 });
  }
  const parsed = parseProfessionalForm(posted);
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
    professionalId === null
      ? await createProfessional(db, actor, input)
      : await updateProfessional(db, actor, professionalId, input);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data<BookingFormState>(
      {
        errors: { [FIELD_OF[result.reason]]: MENU_WRITE_MESSAGES[result.reason] },
        values: posted.values,
        lists: posted.lists,
      },
      409,
    );
  }
  throw redirect(
    `/gestion/profesionales/${result.id}?aviso=${professionalId === null ? "profesional-creada" : "profesional-guardada"}`,
  );
}

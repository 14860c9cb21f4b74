/**
 * The staff's reads and writes of the service menu and the professionals
 * (/gestion/servicios, /gestion/profesionales): every service, active or not,
 * with who performs it; every professional with her services, staff account
 * and weekly hours. Each write runs in one transaction with its audit entry.
 * Nothing is deleted: a service or professional is deactivated, and past
 * appointments keep their own copies of names, durations and prices. The
 * public reads are in ./menu.server.ts.
 */
import { findUserById } from "~/auth/accounts.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isRole, isStaffRole } from "~/domain/roles.ts";
import type { ProfessionalInput, WeeklyRange } from "~/domain/professional-form.ts";
import { slugFromName, uniqueSlug } from "~/domain/service-form.ts";
import type { ServiceFormInput } from "~/lib/catalan-form.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { toService, type MenuService } from "./menu.server.ts";

interface StaffService extends MenuService {
  active: boolean;
  reviewPending: boolean;
  /** The Catalan texts as written (issue 34); null: not written, the Catalan pages show the Spanish one. */
  nameCa: string | null;
  descriptionCa: string | null;
  /** Its Catalan pages show some Spanish text: no Catalan name, or a description without its Catalan one. */
  lacksCatalan: boolean;
  /** Everyone linked to it, active or not, in the salon's order. */
  professionals: { id: string; name: string; active: boolean }[];
}

interface StaffProfessional {
  id: string;
  name: string;
  title: string;
  active: boolean;
  /** The linked staff account, or null. */
  userId: string | null;
  serviceIds: string[];
  hours: WeeklyRange[];
}

/**
 * The owner's commission rate on a write (basis points, null: none); undefined:
 * leave it as stored (a form without the field: everyone's but the owner's).
 */
type WithCommission<T> = T & { commissionBp?: number | null };

/** The commission column to write, if the input sets it. */
const commissionColumn = (input: { commissionBp?: number | null }) =>
  input.commissionBp === undefined ? {} : { commission_bp: input.commissionBp };

/**
 * A service's or professional's commission rate (basis points, null: none):
 * the owner's editor and the audit entries read it; it is not part of the
 * staff's reads above (only the owner sees the rates).
 */
export async function storedCommission(
  trx: Db,
  table: "services" | "professionals",
  id: string,
): Promise<number | null> {
  const row = await trx.selectFrom(table).select("commission_bp").where("id", "=", id).executeTakeFirst();
  return row?.commission_bp ?? null;
}

type MenuWriteResult =
  | { ok: true; id: string }
  | { ok: false; reason: "not-found" | "unknown-professional" | "unknown-service" | "bad-account" | "account-taken" };

// — reads —

async function professionalLinks(db: Db, by: { serviceId?: string; professionalId?: string } = {}) {
  let q = db
    .selectFrom("professional_services")
    .innerJoin("professionals", "professionals.id", "professional_services.professional_id")
    .select([
      "professional_services.service_id",
      "professional_services.professional_id",
      "professionals.name",
      "professionals.active",
    ])
    .orderBy("professionals.sort_order")
    .orderBy("professionals.name")
    .orderBy("professional_services.service_id");
  if (by.serviceId) q = q.where("professional_services.service_id", "=", by.serviceId);
  if (by.professionalId) q = q.where("professional_services.professional_id", "=", by.professionalId);
  return q.execute();
}

/** Every service, in the menu's order, with who performs it. */
export async function listStaffServices(db: Db, only?: string): Promise<StaffService[]> {
  let q = db.selectFrom("services").selectAll().orderBy("sort_order").orderBy("name");
  if (only) q = q.where("id", "=", only);
  const [rows, links] = await Promise.all([q.execute(), professionalLinks(db, { serviceId: only })]);
  return rows.map((r) => ({
    ...toService(r),
    active: Number(r.active) === 1,
    reviewPending: Number(r.review_pending) === 1,
    nameCa: r.name_ca,
    descriptionCa: r.description_ca,
    // The public menu's own reading in Catalan (menu.server.ts) says whether any Spanish text stays.
    lacksCatalan: toService(r, "ca").untranslated === true,
    professionals: links
      .filter((l) => l.service_id === r.id)
      .map((l) => ({ id: l.professional_id, name: l.name, active: Number(l.active) === 1 })),
  }));
}

export async function getStaffService(db: Db, id: string): Promise<StaffService | null> {
  return (await listStaffServices(db, id))[0] ?? null;
}

/** Every professional, in the salon's order, with her services, account and hours. */
export async function listStaffProfessionals(db: Db, only?: string): Promise<StaffProfessional[]> {
  let q = db
    .selectFrom("professionals")
    .select(["id", "name", "title", "active", "user_id"])
    .orderBy("sort_order")
    .orderBy("name");
  if (only) q = q.where("id", "=", only);
  let hoursQ = db.selectFrom("working_hours").selectAll().orderBy("weekday").orderBy("starts_min");
  if (only) hoursQ = hoursQ.where("professional_id", "=", only);
  const [rows, links, hours] = await Promise.all([
    q.execute(),
    professionalLinks(db, { professionalId: only }),
    hoursQ.execute(),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    active: Number(r.active) === 1,
    userId: r.user_id,
    serviceIds: links.filter((l) => l.professional_id === r.id).map((l) => l.service_id),
    hours: hours
      .filter((h) => h.professional_id === r.id)
      .map((h) => ({ weekday: Number(h.weekday), startsMin: Number(h.starts_min), endsMin: Number(h.ends_min) })),
  }));
}

export async function getStaffProfessional(db: Db, id: string): Promise<StaffProfessional | null> {
  return (await listStaffProfessionals(db, id))[0] ?? null;
}

// — service writes —

/** The row's columns from the form; a Catalan text not given (undefined) stays as stored. */
function serviceValues(input: WithCommission<ServiceFormInput>) {
  return {
    ...commissionColumn(input),
    ...(input.nameCa === undefined ? {} : { name_ca: input.nameCa }),
    ...(input.descriptionCa === undefined ? {} : { description_ca: input.descriptionCa }),
    name: input.name,
    category: input.category,
    description: input.description,
    duration_min: input.durationMin,
    buffer_min: input.bufferMin,
    price_cents: input.priceCents,
    price_from: input.priceFrom ? 1 : 0,
    deposit_cents: input.depositCents,
    bookable_online: input.bookableOnline ? 1 : 0,
    active: input.active ? 1 : 0,
  };
}

const serviceAudit = ({ professionals, lacksCatalan: _lacksCatalan, ...s }: StaffService) => ({
  ...s,
  professionalIds: professionals.map((p) => p.id),
});

/** The next sort_order of a table: after the last row. */
async function nextSortOrder(trx: Db, table: "services" | "professionals"): Promise<number> {
  const last = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max("sort_order").as("max"))
    .executeTakeFirst();
  return Number(last?.max ?? 0) + 10;
}

/**
 * Links the service to exactly these active professionals; links to inactive
 * ones (not shown in the form) stay. False when an id is not an active professional.
 */
async function setServiceProfessionals(trx: Db, serviceId: string, ids: readonly string[]): Promise<boolean> {
  const active = (await trx.selectFrom("professionals").select("id").where("active", "=", 1).execute()).map(
    (r) => r.id,
  );
  if (!ids.every((id) => active.includes(id))) return false;
  if (active.length > 0) {
    await trx
      .deleteFrom("professional_services")
      .where("service_id", "=", serviceId)
      .where("professional_id", "in", active)
      .execute();
  }
  if (ids.length > 0) {
    await trx
      .insertInto("professional_services")
      .values(ids.map((professional_id) => ({ professional_id, service_id: serviceId })))
      .execute();
  }
  return true;
}

class Rollback extends Error {
  constructor(readonly reason: Exclude<MenuWriteResult, { ok: true }>["reason"]) {
    super(reason);
  }
}

async function rollbackAsResult(work: () => Promise<MenuWriteResult>): Promise<MenuWriteResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Rollback) return { ok: false, reason: err.reason };
    throw err;
  }
}

/** A new service; its id is the slug of its name (made unique). Reviewed: the owner wrote it. */
export function createService(
  db: Db,
  actor: AuditActor,
  input: WithCommission<ServiceFormInput>,
): Promise<MenuWriteResult> {
  return rollbackAsResult(() =>
    inTransaction(db, async (trx) => {
      const taken = new Set((await trx.selectFrom("services").select("id").execute()).map((r) => r.id));
      const id = uniqueSlug(slugFromName(input.name), taken);
      await trx
        .insertInto("services")
        .values({
          id,
          ...serviceValues(input),
          sort_order: await nextSortOrder(trx, "services"),
          review_pending: 0,
          updated_at: nowIso(),
        })
        .execute();
      if (!(await setServiceProfessionals(trx, id, input.professionalIds))) throw new Rollback("unknown-professional");
      const after = (await getStaffService(trx, id))!;
      await recordAudit(trx, actor, {
        action: "service.create",
        entityType: "service",
        entityId: id,
        after: { ...serviceAudit(after), commissionBp: await storedCommission(trx, "services", id) },
      });
      return { ok: true, id };
    }),
  );
}

/** Saves a service's fields and who performs it; saving marks it reviewed. */
export function updateService(
  db: Db,
  actor: AuditActor,
  id: string,
  input: WithCommission<ServiceFormInput>,
): Promise<MenuWriteResult> {
  return rollbackAsResult(() =>
    inTransaction(db, async (trx) => {
      const before = await getStaffService(trx, id);
      if (!before) return { ok: false, reason: "not-found" };
      const commissionBefore = await storedCommission(trx, "services", id);
      await trx
        .updateTable("services")
        .set({ ...serviceValues(input), review_pending: 0, updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      if (!(await setServiceProfessionals(trx, id, input.professionalIds))) throw new Rollback("unknown-professional");
      const after = (await getStaffService(trx, id))!;
      await recordAudit(trx, actor, {
        action: "service.update",
        entityType: "service",
        entityId: id,
        before: { ...serviceAudit(before), commissionBp: commissionBefore },
        after: { ...serviceAudit(after), commissionBp: await storedCommission(trx, "services", id) },
      });
      return { ok: true, id };
    }),
  );
}

// — professional writes —

/** Her services, account link and hours, replaced by the input's; throws Rollback on a bad reference. */
async function saveProfessionalParts(trx: Db, id: string, input: ProfessionalInput): Promise<void> {
  if (input.userId !== null) {
    const user = await findUserById(trx, input.userId);
    if (!user || !isRole(user.role) || !isStaffRole(user.role)) throw new Rollback("bad-account");
    const other = await trx
      .selectFrom("professionals")
      .select("id")
      .where("user_id", "=", input.userId)
      .where("id", "!=", id)
      .executeTakeFirst();
    if (other) throw new Rollback("account-taken");
  }
  const services = (await trx.selectFrom("services").select("id").execute()).map((r) => r.id);
  if (!input.serviceIds.every((s) => services.includes(s))) throw new Rollback("unknown-service");
  await trx.deleteFrom("professional_services").where("professional_id", "=", id).execute();
  if (input.serviceIds.length > 0) {
    await trx
      .insertInto("professional_services")
      .values(input.serviceIds.map((service_id) => ({ professional_id: id, service_id })))
      .execute();
  }
  await trx.deleteFrom("working_hours").where("professional_id", "=", id).execute();
  if (input.hours.length > 0) {
    await trx
      .insertInto("working_hours")
      .values(
        input.hours.map((h) => ({
          id: newId(),
          professional_id: id,
          weekday: h.weekday,
          starts_min: h.startsMin,
          ends_min: h.endsMin,
        })),
      )
      .execute();
  }
}

/** A new professional; her id is the slug of her name (made unique). */
export function createProfessional(
  db: Db,
  actor: AuditActor,
  input: WithCommission<ProfessionalInput>,
): Promise<MenuWriteResult> {
  return rollbackAsResult(() =>
    inTransaction(db, async (trx) => {
      const taken = new Set((await trx.selectFrom("professionals").select("id").execute()).map((r) => r.id));
      const id = uniqueSlug(slugFromName(input.name), taken);
      await trx
        .insertInto("professionals")
        .values({
          id,
          name: input.name,
          title: input.title,
          user_id: input.userId,
          active: input.active ? 1 : 0,
          ...commissionColumn(input),
          sort_order: await nextSortOrder(trx, "professionals"),
          updated_at: nowIso(),
        })
        .execute();
      await saveProfessionalParts(trx, id, input);
      const after = (await getStaffProfessional(trx, id))!;
      await recordAudit(trx, actor, {
        action: "professional.create",
        entityType: "professional",
        entityId: id,
        after: { ...after, commissionBp: await storedCommission(trx, "professionals", id) },
      });
      return { ok: true, id };
    }),
  );
}

export function updateProfessional(
  db: Db,
  actor: AuditActor,
  id: string,
  input: WithCommission<ProfessionalInput>,
): Promise<MenuWriteResult> {
  return rollbackAsResult(() =>
    inTransaction(db, async (trx) => {
      const before = await getStaffProfessional(trx, id);
      if (!before) return { ok: false, reason: "not-found" };
      const commissionBefore = await storedCommission(trx, "professionals", id);
      await trx
        .updateTable("professionals")
        .set({
          name: input.name,
          title: input.title,
          user_id: input.userId,
          active: input.active ? 1 : 0,
          ...commissionColumn(input),
          updated_at: nowIso(),
        })
        .where("id", "=", id)
        .execute();
      await saveProfessionalParts(trx, id, input);
      const after = (await getStaffProfessional(trx, id))!;
      await recordAudit(trx, actor, {
        action: "professional.update",
        entityType: "professional",
        entityId: id,
        before: { ...before, commissionBp: commissionBefore },
        after: { ...after, commissionBp: await storedCommission(trx, "professionals", id) },
      });
      return { ok: true, id };
    }),
  );
}

/**
 * The back office's catalogue (/gestion/cursos): the staff's reads of courses and
 * editions (published or not, with seats taken) and every catalogue write. Each
 * write runs in one transaction with its audit entry; the public pages read the
 * same tables through app/catalogue.server.ts, with no cache, so a change shows at once.
 * Edition writes are in ./catalogue-editions.server.ts.
 */
import type { Selectable } from "kysely";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import type { CourseEditionsTable, CoursesTable } from "~/db/schema.ts";
import type { CourseInput } from "~/domain/course-form.ts";
import type { CourseEdition } from "~/domain/course.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "./audit.server.ts";

export interface StaffCourse {
  id: string;
  title: string;
  category: string;
  level: string;
  description: string;
  features: string[];
  priceCents: number;
  /** 0 when there is no original price to strike through. */
  originalPriceCents: number;
  duration: string;
  classSize: number;
  highlighted: boolean;
  image: string;
  published: boolean;
  sortOrder: number;
  updatedAt: string | null;
}

export type EditionStatus = CourseEdition["status"];

export interface StaffEdition {
  id: string;
  courseId: string;
  startsOn: string;
  endsOn: string | null;
  schedule: string;
  seats: number;
  seatsTaken: number;
  status: EditionStatus;
  cancelledAt: string | null;
  updatedAt: string | null;
}

export interface StaffCourseSummary extends StaffCourse {
  /** The earliest edition from today on that is not cancelled (open, full or closed). */
  nextEdition: StaffEdition | null;
}

export interface EditionStudent {
  name: string;
  email: string;
  phone: string;
}

function parseFeatures(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

function toStaffCourse(row: Selectable<CoursesTable>): StaffCourse {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    level: row.level,
    description: row.description,
    features: parseFeatures(row.features),
    priceCents: Number(row.price_cents),
    originalPriceCents: Number(row.original_price_cents),
    duration: row.duration,
    classSize: Number(row.class_size),
    highlighted: Number(row.highlighted) === 1,
    image: row.image,
    published: Number(row.active) === 1,
    sortOrder: Number(row.sort_order),
    updatedAt: row.updated_at,
  };
}

const STATUSES: readonly string[] = ["open", "full", "closed", "cancelled"];

export function toStaffEdition(row: Selectable<CourseEditionsTable>): StaffEdition {
  return {
    id: row.id,
    courseId: row.course_id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    schedule: row.schedule,
    seats: Number(row.seats),
    seatsTaken: Number(row.seats_taken),
    status: (STATUSES.includes(row.status) ? row.status : "closed") as EditionStatus,
    cancelledAt: row.cancelled_at,
    updatedAt: row.updated_at,
  };
}

/** What the audit log keeps of a course: its editable fields. */
function courseAudit(c: StaffCourse) {
  const { updatedAt: _updatedAt, ...fields } = c;
  return fields;
}

/** What the audit log keeps of an edition. */
export function editionAudit(e: StaffEdition) {
  const { updatedAt: _updatedAt, ...fields } = e;
  return fields;
}

// — reads —

/** Every course, published or not, in display order, with its next edition. */
export async function listStaffCourses(db: Db, today: string): Promise<StaffCourseSummary[]> {
  const rows = await db.selectFrom("courses").selectAll().orderBy("sort_order").orderBy("id").execute();
  if (rows.length === 0) return [];
  const editions = await db
    .selectFrom("course_editions")
    .selectAll()
    .where(
      "course_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("status", "!=", "cancelled")
    .where("starts_on", ">=", today)
    .orderBy("starts_on")
    .orderBy("id")
    .execute();
  const next = new Map<string, StaffEdition>();
  for (const e of editions) if (!next.has(e.course_id)) next.set(e.course_id, toStaffEdition(e));
  return rows.map((r) => ({ ...toStaffCourse(r), nextEdition: next.get(r.id) ?? null }));
}

export async function getStaffCourse(db: Db, id: string): Promise<StaffCourse | null> {
  const row = await db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toStaffCourse(row) : null;
}

/** Whether any order line names the course: its slug is then fixed (links, history, invoices). */
export async function courseIsSold(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom("order_items").select("id").where("course_id", "=", id).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** All editions of a course, by start date. */
export async function listCourseEditions(db: Db, courseId: string): Promise<StaffEdition[]> {
  const rows = await db
    .selectFrom("course_editions")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("starts_on")
    .orderBy("id")
    .execute();
  return rows.map(toStaffEdition);
}

/** One edition of the given course (null when the ids do not match). */
export async function getStaffEdition(db: Db, courseId: string, editionId: string): Promise<StaffEdition | null> {
  const row = await db
    .selectFrom("course_editions")
    .selectAll()
    .where("id", "=", editionId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return row ? toStaffEdition(row) : null;
}

/** The people with an active enrolment in an edition: whom to contact if it is cancelled. */
export async function listEditionStudents(db: Db, editionId: string): Promise<EditionStudent[]> {
  const rows = await db
    .selectFrom("enrollments")
    .innerJoin("users", "users.id", "enrollments.user_id")
    .select(["users.first_name", "users.last_name", "users.display_name", "users.email", "users.phone"])
    .where("enrollments.edition_id", "=", editionId)
    .where("enrollments.ended_at", "is", null)
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.email")
    .execute();
  return rows.map((r) => ({
    name: `${r.first_name} ${r.last_name}`.trim() || r.display_name || r.email,
    email: r.email,
    phone: r.phone,
  }));
}

// — course writes —

export type CourseWriteResult =
  { ok: true; id: string } | { ok: false; reason: "not-found" | "slug-taken" | "slug-locked" };

function courseValues(input: CourseInput) {
  return {
    title: input.title,
    category: input.category,
    level: input.level,
    description: input.description,
    features: JSON.stringify(input.features),
    price_cents: input.priceCents,
    original_price_cents: input.originalPriceCents,
    duration: input.duration,
    class_size: input.classSize,
    highlighted: input.highlighted ? 1 : 0,
  };
}

/** A new course, unpublished until the staff publish it, placed last. */
export async function createCourse(db: Db, actor: AuditActor, input: CourseInput): Promise<CourseWriteResult> {
  try {
    return await inTransaction(db, async (trx) => {
      if (await getStaffCourse(trx, input.id)) return { ok: false, reason: "slug-taken" } as const;
      const last = await trx
        .selectFrom("courses")
        .select((eb) => eb.fn.max("sort_order").as("max"))
        .executeTakeFirst();
      await trx
        .insertInto("courses")
        .values({
          id: input.id,
          ...courseValues(input),
          rating: 0,
          reviews: 0,
          image: "",
          active: 0,
          sort_order: Number(last?.max ?? 0) + 1,
          updated_at: nowIso(),
        })
        .execute();
      const created = (await getStaffCourse(trx, input.id))!;
      await recordAudit(trx, actor, {
        action: "course.create",
        entityType: "course",
        entityId: input.id,
        after: courseAudit(created),
      });
      return { ok: true, id: input.id } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "slug-taken" };
    throw err;
  }
}

/**
 * Saves the course's fields. The slug (`id`) may change only while no order line
 * names the course: the row is then re-created under the new id with its editions.
 */
export async function updateCourse(
  db: Db,
  actor: AuditActor,
  id: string,
  input: CourseInput,
): Promise<CourseWriteResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const before = await getStaffCourse(trx, id);
      if (!before) return { ok: false, reason: "not-found" } as const;
      const now = nowIso();
      if (input.id !== id) {
        if (await courseIsSold(trx, id)) return { ok: false, reason: "slug-locked" } as const;
        if (await getStaffCourse(trx, input.id)) return { ok: false, reason: "slug-taken" } as const;
        const row = await trx.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        await trx
          .insertInto("courses")
          .values({ ...row, id: input.id, ...courseValues(input), updated_at: now })
          .execute();
        await trx.updateTable("course_editions").set({ course_id: input.id }).where("course_id", "=", id).execute();
        // Deleted only if still unsold: a purchase that slipped in keeps the old row (and the change fails).
        const removed = await trx
          .deleteFrom("courses")
          .where("id", "=", id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom("order_items").select("id").where("course_id", "=", id))))
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) !== 1) throw new SlugLockedError();
      } else {
        await trx
          .updateTable("courses")
          .set({ ...courseValues(input), updated_at: now })
          .where("id", "=", id)
          .execute();
      }
      const after = (await getStaffCourse(trx, input.id))!;
      await recordAudit(trx, actor, {
        action: "course.update",
        entityType: "course",
        entityId: input.id,
        before: courseAudit(before),
        after: courseAudit(after),
      });
      return { ok: true, id: input.id } as const;
    });
  } catch (err) {
    if (err instanceof SlugLockedError) return { ok: false, reason: "slug-locked" };
    if (isUniqueViolation(err)) return { ok: false, reason: "slug-taken" };
    throw err;
  }
}

class SlugLockedError extends Error {}

/** Publishes or withdraws a course; `changed` is false when it already was so. */
export async function setCoursePublished(
  db: Db,
  actor: AuditActor,
  id: string,
  published: boolean,
): Promise<{ found: boolean; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const before = await getStaffCourse(trx, id);
    if (!before) return { found: false, changed: false };
    const result = await trx
      .updateTable("courses")
      .set({ active: published ? 1 : 0, updated_at: nowIso() })
      .where("id", "=", id)
      .where("active", "=", published ? 0 : 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { found: true, changed: false };
    await recordAudit(trx, actor, {
      action: published ? "course.publish" : "course.unpublish",
      entityType: "course",
      entityId: id,
      before: { published: before.published },
      after: { published },
    });
    return { found: true, changed: true };
  });
}

/** Points the course at a new picture (an uploaded image reference). */
export async function setCourseImage(db: Db, actor: AuditActor, id: string, image: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getStaffCourse(trx, id);
    if (!before) return false;
    await trx.updateTable("courses").set({ image, updated_at: nowIso() }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "course.image",
      entityType: "course",
      entityId: id,
      before: { image: before.image },
      after: { image },
    });
    return true;
  });
}

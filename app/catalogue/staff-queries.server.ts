/**
 * The back office's reads of the catalogue (/gestion/cursos): every course and
 * edition, published or not, with seats taken, and the shapes the audit log keeps
 * of them. The public pages read the same tables through ./queries.server.ts.
 */
import { vatTreatmentOf } from "~/domain/invoice-math.ts";
import type { Selectable } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { CourseEditionsTable, CoursesTable } from "~/db/schema.ts";
import type { CourseEdition } from "~/domain/course.ts";
interface StaffCourse {
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
  /** 21 % VAT included in the price, or exempt (art. 20.Uno.9º LIVA): what its invoices state. */
  vatTreatment: "standard" | "exempt";
  image: string;
  published: boolean;
  sortOrder: number;
  updatedAt: string | null;
  /** The Catalan texts (issue 34); null: not written, the Catalan pages show the Spanish one. */
  titleCa: string | null;
  levelCa: string | null;
  descriptionCa: string | null;
  featuresCa: string[] | null;
  durationCa: string | null;
}

type EditionStatus = CourseEdition["status"];

export interface StaffEdition {
  id: string;
  courseId: string;
  startsOn: string;
  endsOn: string | null;
  schedule: string;
  /** The schedule in Catalan (issue 34); null: not written, the Catalan pages show the Spanish one. */
  scheduleCa: string | null;
  seats: number;
  seatsTaken: number;
  status: EditionStatus;
  cancelledAt: string | null;
  updatedAt: string | null;
}

interface StaffCourseSummary extends StaffCourse {
  /** The earliest edition from today on that is not cancelled (open, full or closed). */
  nextEdition: StaffEdition | null;
}

interface EditionStudent {
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
    vatTreatment: vatTreatmentOf(row.vat_treatment),
    image: row.image,
    published: Number(row.active) === 1,
    sortOrder: Number(row.sort_order),
    updatedAt: row.updated_at,
    titleCa: row.title_ca,
    levelCa: row.level_ca,
    descriptionCa: row.description_ca,
    featuresCa: row.features_ca === null ? null : parseFeatures(row.features_ca),
    durationCa: row.duration_ca,
  };
}

/** A course some of whose visitor texts have no Catalan version yet (Gestión's list says so). */
export function lacksCatalan(
  c: Pick<StaffCourse, "titleCa" | "levelCa" | "descriptionCa" | "featuresCa" | "durationCa">,
): boolean {
  return !c.titleCa || !c.levelCa || !c.descriptionCa || !c.featuresCa?.length || !c.durationCa;
}

const STATUSES: readonly string[] = ["open", "full", "closed", "cancelled"];

function toStaffEdition(row: Selectable<CourseEditionsTable>): StaffEdition {
  return {
    id: row.id,
    courseId: row.course_id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    schedule: row.schedule,
    scheduleCa: row.schedule_ca,
    seats: Number(row.seats),
    seatsTaken: Number(row.seats_taken),
    status: (STATUSES.includes(row.status) ? row.status : "closed") as EditionStatus,
    cancelledAt: row.cancelled_at,
    updatedAt: row.updated_at,
  };
}

/** What the audit log keeps of a course: its editable fields. */
export function courseAudit(c: StaffCourse) {
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

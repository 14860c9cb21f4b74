/**
 * The staff's reads of editions and their students (/gestion/convocatorias, the
 * attendee list, its sign-in sheet and CSV). Next to staff-queries.server.ts:
 * an attendee is an enrolment, with the buyer's account, the order that paid for
 * it and the buyer's marketing consent.
 */
import type { Db } from "~/db/db.server.ts";

export interface StaffEditionRow {
  id: string;
  courseId: string;
  courseTitle: string;
  startsOn: string;
  endsOn: string | null;
  schedule: string;
  seats: number;
  seatsTaken: number;
  /** Enrolments that still give a place. */
  activeStudents: number;
  status: string;
  cancelledAt: string | null;
}

/** Edition ids are UUIDs or readable slugs; anything else from a URL is not looked up. */
export function isPlausibleEditionId(value: string): boolean {
  return /^[A-Za-z0-9-]{1,80}$/u.test(value);
}

function editionsQuery(db: Db) {
  return db
    .selectFrom("course_editions")
    .innerJoin("courses", "courses.id", "course_editions.course_id")
    .select((eb) => [
      "course_editions.id",
      "course_editions.course_id as courseId",
      "courses.title as courseTitle",
      "course_editions.starts_on as startsOn",
      "course_editions.ends_on as endsOn",
      "course_editions.schedule",
      "course_editions.seats",
      "course_editions.seats_taken as seatsTaken",
      "course_editions.status",
      "course_editions.cancelled_at as cancelledAt",
      eb
        .selectFrom("enrollments")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("enrollments.edition_id", "=", "course_editions.id")
        .where("enrollments.ended_at", "is", null)
        .as("activeStudents"),
    ]);
}

const toEdition = (
  r: Omit<StaffEditionRow, "activeStudents"> & { activeStudents: number | string | null },
): StaffEditionRow => ({
  ...r,
  activeStudents: Number(r.activeStudents ?? 0),
});

/**
 * Every edition (of one course, when given): the ones not yet over first, soonest
 * first; then the past ones, latest first. An edition is over once its last day
 * (or its only day) is before `today` (Madrid).
 */
export async function listStaffEditions(
  db: Db,
  opts: { courseId?: string | null; today: string },
): Promise<{ upcoming: StaffEditionRow[]; past: StaffEditionRow[] }> {
  let query = editionsQuery(db);
  if (opts.courseId) query = query.where("course_editions.course_id", "=", opts.courseId);
  const rows = (await query.orderBy("course_editions.starts_on").orderBy("courses.title").execute()).map(toEdition);
  const isPast = (e: StaffEditionRow) => (e.endsOn ?? e.startsOn) < opts.today;
  return { upcoming: rows.filter((e) => !isPast(e)), past: rows.filter(isPast).reverse() };
}

export async function getStaffEdition(db: Db, editionId: string): Promise<StaffEditionRow | null> {
  if (!isPlausibleEditionId(editionId)) return null;
  const row = await editionsQuery(db).where("course_editions.id", "=", editionId).executeTakeFirst();
  return row ? toEdition(row) : null;
}

/** The courses, for the edition filter (inactive ones too: their editions still exist). */
export function listCourseChoices(db: Db): Promise<{ id: string; title: string }[]> {
  return db.selectFrom("courses").select(["id", "title"]).orderBy("sort_order").orderBy("title").execute();
}

export interface AttendeeRow {
  enrollmentId: string;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  phone: string;
  orderId: string;
  orderStatus: string;
  orderTotalCents: number;
  orderRefundedCents: number;
  enrolledAt: string;
  endedAt: string | null;
  endReason: string | null;
  /** Marketing consent (user_settings.newsletter); no settings row means the default, no. */
  newsletter: boolean;
  newsletterConsentAt: string | null;
}

const byName = new Intl.Collator("es", { sensitivity: "base" });

/** The edition's students, active and ended, by surname then name (then enrolment time). */
export async function listEditionAttendees(db: Db, editionId: string): Promise<AttendeeRow[]> {
  const rows = await db
    .selectFrom("enrollments")
    .innerJoin("users", "users.id", "enrollments.user_id")
    .innerJoin("orders", "orders.id", "enrollments.order_id")
    .leftJoin("user_settings", "user_settings.user_id", "enrollments.user_id")
    .select([
      "enrollments.id as enrollmentId",
      "users.first_name as firstName",
      "users.last_name as lastName",
      "users.display_name as displayName",
      "users.email",
      "users.phone",
      "orders.id as orderId",
      "orders.status as orderStatus",
      "orders.total_cents as orderTotalCents",
      "orders.refunded_cents as orderRefundedCents",
      "enrollments.enrolled_at as enrolledAt",
      "enrollments.ended_at as endedAt",
      "enrollments.end_reason as endReason",
      "user_settings.newsletter",
      "user_settings.newsletter_consent_at as newsletterConsentAt",
    ])
    .where("enrollments.edition_id", "=", editionId)
    .orderBy("enrollments.enrolled_at")
    .orderBy("enrollments.id")
    .execute();
  // Sorted here, not by the database: both databases then agree on accents (Ñ after N).
  return rows
    .map((r) => ({ ...r, newsletter: Number(r.newsletter ?? 0) === 1 }))
    .sort((a, b) => byName.compare(a.lastName, b.lastName) || byName.compare(a.firstName, b.firstName));
}

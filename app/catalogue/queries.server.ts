/**
 * Read access to the course catalogue: the `courses` and `course_editions` tables.
 * Every price the site shows or charges comes from here; the browser's copy of
 * the cart is only a list of ids.
 */
import type { Selectable } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { CourseEditionsTable, CoursesTable } from "~/db/schema.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { toCartCourse, type CatalogueCourse } from "~/domain/cart.ts";
import {
  isBookable,
  isCourseCategory,
  seatsLeft,
  type Course,
  type CourseCategory,
  type CourseEdition,
} from "~/domain/course.ts";
import type { Locale } from "~/i18n/locales.ts";

interface CatalogueOptions {
  /** YYYY-MM-DD; defaults to today in Madrid. Editions before it are past. */
  today?: string;
  /** The moment seat holds are judged at (defaults to now): expired holds free their seat. */
  now?: Date;
  /** The language of the texts (default "es"); Catalan falls back to Spanish where none is written. */
  locale?: Locale;
}

/** Today's date in the salon's time zone, YYYY-MM-DD. */
export function todayInMadrid(now: Date = new Date()): string {
  return madridDate(now);
}

const EDITION_STATUSES = ["open", "full", "closed", "cancelled"] as const;

type EditionRow = Selectable<CourseEditionsTable> & { live_holds: number | string | null };

/**
 * Editions with the number of seats held by payments still in progress (a hold
 * whose session ended frees its seat here even before it is released).
 */
function editionsQuery(db: Db, now: Date) {
  const nowIso = now.toISOString();
  return db
    .selectFrom("course_editions")
    .selectAll("course_editions")
    .select((eb) =>
      eb
        .selectFrom("seat_holds")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("seat_holds.edition_id", "=", "course_editions.id")
        .where("seat_holds.released_at", "is", null)
        .where("seat_holds.converted_at", "is", null)
        .where((w) => w.or([w("seat_holds.expires_at", "is", null), w("seat_holds.expires_at", ">", nowIso)]))
        .as("live_holds"),
    );
}

/** `catalan` when written, else `spanish` (and `missing` says so). */
function pick(spanish: string, catalan: string | null | undefined, locale: Locale): { text: string; missing: boolean } {
  if (locale === "es") return { text: spanish, missing: false };
  if (catalan?.trim()) return { text: catalan, missing: false };
  // An empty Spanish text (no schedule, say) needs no Catalan one.
  return { text: spanish, missing: spanish.trim() !== "" };
}

function parseFeatures(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed)) return parsed.filter((f): f is string => typeof f === "string");
  } catch {
    // A malformed features column must not take the page down; the course still sells.
  }
  return [];
}

function toEdition(row: EditionRow, locale: Locale = "es"): CourseEdition {
  const status = (EDITION_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as CourseEdition["status"])
    : "closed";
  return {
    id: row.id,
    courseId: row.course_id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    seats: row.seats,
    seatsLeft: seatsLeft(row.seats, Number(row.seats_taken) + Number(row.live_holds ?? 0)),
    status,
    schedule: pick(row.schedule, row.schedule_ca, locale).text,
  };
}

function toCourse(row: Selectable<CoursesTable>, nextEdition: CourseEdition | null, locale: Locale = "es"): Course {
  const spanishFeatures = parseFeatures(row.features) ?? [];
  const catalanFeatures = locale === "ca" ? parseFeatures(row.features_ca) : null;
  const featuresMissing = locale === "ca" && spanishFeatures.length > 0 && !catalanFeatures?.length;
  const features = catalanFeatures?.length ? catalanFeatures : spanishFeatures;
  const title = pick(row.title, row.title_ca, locale);
  const description = pick(row.description, row.description_ca, locale);
  const duration = pick(row.duration, row.duration_ca, locale);
  const level = pick(row.level, row.level_ca, locale);
  const untranslated = [title, description, duration, level].some((t) => t.missing) || featuresMissing;
  return {
    id: row.id,
    title: title.text,
    // Unknown categories are a data error; show them under "iniciacion" rather than hide a course.
    category: isCourseCategory(row.category) ? row.category : "iniciacion",
    description: description.text,
    priceCents: Number(row.price_cents),
    originalPriceCents: Number(row.original_price_cents),
    duration: duration.text,
    classSize: Number(row.class_size),
    level: level.text,
    // rating/reviews columns are not read: no review exists, and none is ever shown.
    features,
    ...(untranslated ? { untranslated: true as const } : {}),
    image: row.image,
    highlighted: Number(row.highlighted) === 1,
    active: Number(row.active) === 1,
    nextEdition,
  };
}

/** Upcoming editions (from `today`, not cancelled) of the given courses, by start date; bookable or not. */
async function upcomingEditions(
  db: Db,
  courseIds: string[],
  today: string,
  now: Date,
  locale: Locale = "es",
): Promise<CourseEdition[]> {
  if (courseIds.length === 0) return [];
  const rows = await editionsQuery(db, now)
    .where("course_editions.course_id", "in", courseIds)
    .where("course_editions.status", "in", ["open", "full", "closed"])
    .where("course_editions.starts_on", ">=", today)
    .orderBy("course_editions.starts_on")
    .orderBy("course_editions.id")
    .execute();
  return rows.map((r) => toEdition(r, locale));
}

/** Bookable editions (open, from `today`, with seats left) of the given courses, by start date. */
async function bookableEditions(
  db: Db,
  courseIds: string[],
  today: string,
  now: Date,
  locale: Locale = "es",
): Promise<CourseEdition[]> {
  return (await upcomingEditions(db, courseIds, today, now, locale)).filter(isBookable);
}

async function withNextEditions(
  db: Db,
  rows: Selectable<CoursesTable>[],
  today: string,
  now = new Date(),
  locale: Locale = "es",
): Promise<Course[]> {
  const editions = await bookableEditions(
    db,
    rows.map((r) => r.id),
    today,
    now,
    locale,
  );
  const next = new Map<string, CourseEdition>();
  for (const e of editions) if (!next.has(e.courseId)) next.set(e.courseId, e);
  return rows.map((r) => toCourse(r, next.get(r.id) ?? null, locale));
}

/** Active courses in display order, each with its next bookable edition. */
export async function listCourses(
  db: Db,
  options: CatalogueOptions & { category?: CourseCategory } = {},
): Promise<Course[]> {
  const today = options.today ?? todayInMadrid();
  let query = db.selectFrom("courses").selectAll().where("active", "=", 1);
  if (options.category) query = query.where("category", "=", options.category);
  const rows = await query.orderBy("sort_order").orderBy("id").execute();
  return withNextEditions(db, rows, today, options.now, options.locale);
}

/** One active course, or null (unknown or withdrawn). */
export async function getCourse(db: Db, id: string, options: CatalogueOptions = {}): Promise<Course | null> {
  const course = await getCourseIncludingInactive(db, id, options);
  return course?.active ? course : null;
}

/** A course even if withdrawn from sale (order history, enrolments). */
export async function getCourseIncludingInactive(
  db: Db,
  id: string,
  options: CatalogueOptions = {},
): Promise<Course | null> {
  const row = await db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [course] = await withNextEditions(db, [row], options.today ?? todayInMadrid(), options.now, options.locale);
  return course ?? null;
}

/** Active courses with the given ids (unknown or inactive ids are left out), in display order. */
export async function getCoursesByIds(db: Db, ids: string[], options: CatalogueOptions = {}): Promise<Course[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("courses")
    .selectAll()
    .where("id", "in", ids)
    .where("active", "=", 1)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return withNextEditions(db, rows, options.today ?? todayInMadrid(), options.now, options.locale);
}

/** Bookable editions of one course (open, from today on, with seats left), earliest first. */
export async function listUpcomingEditions(
  db: Db,
  courseId: string,
  options: CatalogueOptions = {},
): Promise<CourseEdition[]> {
  return bookableEditions(db, [courseId], options.today ?? todayInMadrid(), options.now ?? new Date(), options.locale);
}

/**
 * Every edition still ahead of the given courses (open, full or closed; not
 * cancelled), earliest first: the course page and the cart list them, and only
 * the bookable ones (`isBookable`) can be chosen.
 */
export async function listEditionChoices(
  db: Db,
  courseIds: string[],
  options: CatalogueOptions = {},
): Promise<CourseEdition[]> {
  return upcomingEditions(db, courseIds, options.today ?? todayInMadrid(), options.now ?? new Date(), options.locale);
}

/** Editions by id, whatever their status or date (to judge what a buyer chose). */
export async function getEditionsByIds(db: Db, ids: string[], options: Pick<CatalogueOptions, "now"> = {}) {
  if (ids.length === 0) return [];
  const rows = await editionsQuery(db, options.now ?? new Date())
    .where("course_editions.id", "in", ids)
    .execute();
  return rows.map((r) => toEdition(r));
}

/** The active courses as the cart sees them: its fields and the bookable editions, earliest first. */
export async function listCartCatalogue(db: Db, options: CatalogueOptions = {}): Promise<CatalogueCourse[]> {
  const courses = await listCourses(db, options);
  const editions = await listEditionChoices(
    db,
    courses.map((c) => c.id),
    options,
  );
  return courses.map((c) => {
    const ahead = editions.filter((e) => e.courseId === c.id);
    const bookable = ahead.filter(isBookable);
    return {
      ...toCartCourse(c),
      editions: bookable.map(({ id, startsOn, endsOn, schedule, seatsLeft }) => ({
        id,
        startsOn,
        endsOn,
        schedule,
        seatsLeft,
      })),
      fullyBooked: ahead.length > 0 && bookable.length === 0,
    };
  });
}

/** /sitemap.xml entries for the course pages (registered in ~/lib/sitemap.server.ts). */
export async function courseSitemapEntries(db: Db): Promise<{ path: string }[]> {
  const courses = await listCourses(db);
  return courses.map((c) => ({ path: `/formaciones/${c.id}` }));
}

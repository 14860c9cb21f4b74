/** A course as pages, cart, checkout and the assistant see it (prices in cents). */
export type CourseCategory = "iniciacion" | "profesional" | "experto" | "intensivo";

export interface CourseEdition {
  id: string;
  courseId: string;
  /** YYYY-MM-DD */
  startsOn: string;
  endsOn: string | null;
  seats: number;
  seatsLeft: number;
  status: "open" | "full" | "closed" | "cancelled";
  /** Days and hours as the staff wrote them ("Lunes y miércoles, 10:00–14:00"); "" when not set. */
  schedule: string;
}

export interface Course {
  id: string;
  title: string;
  category: CourseCategory;
  description: string;
  priceCents: number;
  originalPriceCents: number;
  duration: string;
  classSize: number;
  level: string;
  features: string[];
  /** Image name for the image pipeline (see app/components/picture.tsx). */
  image: string;
  highlighted: boolean;
  active: boolean;
  /** Next open edition from today on, or null when none is scheduled. */
  nextEdition: CourseEdition | null;
  /**
   * Read in Catalan and some of its texts have no Catalan version yet (the
   * Spanish one is shown): only staff-facing UI mentions it.
   */
  untranslated?: true;
}

export const COURSE_CATEGORIES: readonly CourseCategory[] = ["iniciacion", "profesional", "experto", "intensivo"];

type CourseFilterId = "todos" | CourseCategory;

/** The catalogue's filter options, in display order. */
export const COURSE_FILTERS: readonly { id: CourseFilterId; name: string }[] = [
  { id: "todos", name: "Todos los cursos" },
  { id: "iniciacion", name: "Nivel iniciación" },
  { id: "profesional", name: "Nivel profesional" },
  { id: "experto", name: "Nivel experto" },
  { id: "intensivo", name: "Intensivos" },
];

export function isCourseCategory(value: unknown): value is CourseCategory {
  return typeof value === "string" && (COURSE_CATEGORIES as readonly string[]).includes(value);
}

/** `?categoria=` value → filter id; anything unknown or missing means "todos". */
export function parseCourseFilter(value: string | null | undefined): CourseFilterId {
  return isCourseCategory(value) ? value : "todos";
}

/** Courses of the selected category (all for "todos"), order kept. */
export function filterCourses<T extends Pick<Course, "category">>(courses: readonly T[], filter: CourseFilterId): T[] {
  return filter === "todos" ? [...courses] : courses.filter((c) => c.category === filter);
}

/** Seats still available in an edition (never negative). */
export function seatsLeft(seats: number, seatsTaken: number): number {
  return Math.max(0, seats - seatsTaken);
}

/** An edition a buyer can choose: open for enrolment with a seat left (past ones are never listed). */
export function isBookable(edition: Pick<CourseEdition, "status" | "seatsLeft">): boolean {
  return edition.status === "open" && edition.seatsLeft > 0;
}

/** Why an upcoming edition cannot be chosen, as the course page and the cart say it; null when it can. */
export function unavailableLabel(edition: Pick<CourseEdition, "status" | "seatsLeft">): string | null {
  if (isBookable(edition)) return null;
  if (edition.status === "closed") return "Inscripción cerrada";
  return "Completo";
}

/**
 * "Grupos de 6 a 15 alumnos": the group sizes the catalogue's courses really have
 * (each course's `classSize`), so no page states a size no course has.
 */
export function groupSizeText(courses: readonly Pick<Course, "classSize">[]): string {
  const sizes = courses.map((c) => c.classSize).filter((n) => n > 0);
  if (sizes.length === 0) return "Grupos reducidos";
  const min = Math.min(...sizes);
  const max = Math.max(...sizes);
  return min === max ? `Grupos de máximo ${max} alumnos` : `Grupos de ${min} a ${max} alumnos`;
}

/** The badge of a course the salon highlights (several may be: it is a recommendation, not a ranking). */
export const HIGHLIGHT_BADGE = "Recomendado";

/**
 * Cart rules: items keyed by course id, each at most once
 * with quantity 1, each for one edition (`editionId`; null: the next bookable
 * one). The stored copy lives in the browser and is never trusted:
 * `parseStoredCart` survives any garbage (and reads carts stored before
 * editions, even plain id lists), `reconcileCart` re-prices every item and
 * `lineEdition` checks its edition against the live catalogue. The server checks again.
 */
import type { Course, CourseEdition } from "./course.ts";

export const CART_STORAGE_KEY = "alejandra-nails-cart";

/** The course fields a cart row shows (copied from the course when added). */
export type CartCourse = Pick<
  Course,
  "id" | "title" | "category" | "priceCents" | "originalPriceCents" | "duration" | "classSize" | "level" | "image"
>;

/** A bookable edition as the cart offers it. */
export type CartEdition = Pick<CourseEdition, "id" | "startsOn" | "endsOn" | "schedule" | "seatsLeft">;

/** A course of the live catalogue with its bookable editions, earliest first (GET /api/catalogue, the cart page). */
export interface CatalogueCourse extends CartCourse {
  editions: CartEdition[];
  /** Editions lie ahead but none can be booked (full or closed): checkout refuses the course. */
  fullyBooked?: boolean;
}

export interface CartItem extends CartCourse {
  /** The edition chosen; null when none was (the next bookable one is used). */
  editionId: string | null;
  quantity: 1;
}

export function toCartCourse(course: CartCourse): CartCourse {
  return {
    id: course.id,
    title: course.title,
    category: course.category,
    priceCents: course.priceCents,
    originalPriceCents: course.originalPriceCents,
    duration: course.duration,
    classSize: course.classSize,
    level: course.level,
    image: course.image,
  };
}

function toItem(course: CartCourse, editionId: string | null): CartItem {
  return { ...toCartCourse(course), editionId, quantity: 1 };
}

/** Adds a course once; adding one already present returns the same array (nothing changes). */
export function addItem(items: readonly CartItem[], course: CartCourse, editionId: string | null = null): CartItem[] {
  if (items.some((i) => i.id === course.id)) return items as CartItem[];
  return [...items, toItem(course, editionId)];
}

/** Another edition for a course already in the cart (same array when nothing changes). */
export function setItemEdition(items: readonly CartItem[], courseId: string, editionId: string): CartItem[] {
  if (!items.some((i) => i.id === courseId && i.editionId !== editionId)) return items as CartItem[];
  return items.map((i) => (i.id === courseId ? { ...i, editionId } : i));
}

/**
 * What a cart or checkout line says about its edition: the one chosen, if it can
 * still be booked; without a choice, the next bookable one. A chosen edition that
 * can no longer be booked (full, closed, gone, or an id that was never one) is
 * never swapped for another in silence: the line says so and asks for another.
 */
export type LineEdition =
  | { kind: "chosen"; edition: CartEdition }
  /** The edition chosen can no longer be booked. */
  | { kind: "unavailable" }
  /** Nothing chosen, and every edition ahead is full or closed. */
  | { kind: "sold-out" }
  /** Nothing chosen, and no edition ahead yet ("fecha por confirmar"). */
  | { kind: "undated" };

export function lineEdition(
  course: Pick<CatalogueCourse, "editions" | "fullyBooked">,
  editionId: string | null,
): LineEdition {
  if (editionId) {
    const chosen = course.editions.find((e) => e.id === editionId);
    return chosen ? { kind: "chosen", edition: chosen } : { kind: "unavailable" };
  }
  const next = course.editions[0];
  if (next) return { kind: "chosen", edition: next };
  return course.fullyBooked ? { kind: "sold-out" } : { kind: "undated" };
}

/** Whether a line can go to payment as it is (an edition to book, or a course sold without one). */
export function lineEditionPayable(line: LineEdition): boolean {
  return line.kind === "chosen" || line.kind === "undated";
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.some((i) => i.id === id) ? items.filter((i) => i.id !== id) : (items as CartItem[]);
}

export function clearCart(): CartItem[] {
  return [];
}

export function cartTotalCents(items: readonly Pick<CartItem, "priceCents">[]): number {
  return items.reduce((sum, i) => sum + i.priceCents, 0);
}

/** "1 curso" / "2 cursos". */
export function coursesLabel(count: number): string {
  return `${count} ${count === 1 ? "curso" : "cursos"}`;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** Edition ids are readable slugs or UUIDs. */
const EDITION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
const MAX_ITEMS = 50;

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

/**
 * The stored list, or [] when absent or malformed. Only the id has to be valid:
 * every other field is replaced from the catalogue on reconciliation.
 */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const raw of parsed.slice(0, MAX_ITEMS)) {
    // A plain id (a list of ids) is a course without a chosen edition.
    const entry: unknown = typeof raw === "string" ? { id: raw } : raw;
    if (typeof entry !== "object" || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const id = e.id;
    if (typeof id !== "string" || !ID_PATTERN.test(id) || items.some((i) => i.id === id)) continue;
    const category = str(e.category);
    items.push({
      id,
      title: str(e.title),
      category: (["iniciacion", "profesional", "experto", "intensivo"].includes(category)
        ? category
        : "iniciacion") as CartItem["category"],
      // The old site stored `price` in euros; keep it readable until reconciliation re-prices it.
      priceCents: typeof e.priceCents === "number" ? num(e.priceCents) : Math.round(num(e.price) * 100),
      originalPriceCents: num(e.originalPriceCents),
      duration: str(e.duration),
      classSize: num(e.classSize),
      level: str(e.level),
      image: str(e.image),
      editionId: typeof e.editionId === "string" && EDITION_ID_PATTERN.test(e.editionId) ? e.editionId : null,
      quantity: 1,
    });
  }
  return items;
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify(items);
}

interface Reconciliation {
  items: CartItem[];
  /**
   * True when the buyer should be told: a course dropped, or a price or quantity corrected. A title
   * is refreshed silently: it is the course's name in the page's language, and differs whenever
   * the buyer added it on a page in the other language.
   */
  changed: boolean;
}

/**
 * Rebuilds the cart from the live catalogue: unknown or inactive courses are
 * dropped, every field is refreshed from the catalogue, quantity is 1 and
 * duplicates are merged. A chosen edition is kept as chosen, even one that can
 * no longer be booked: the cart's line says so (`lineEdition`) and links to the
 * course page to choose another; without a choice the next one stays implicit.
 */
export function reconcileCart(items: readonly unknown[], catalogue: readonly CatalogueCourse[]): Reconciliation {
  const byId = new Map(catalogue.map((c) => [c.id, c]));
  const result: CartItem[] = [];
  let changed = false;
  for (const raw of items) {
    const item = (typeof raw === "object" && raw !== null ? raw : {}) as Partial<Record<keyof CartItem, unknown>>;
    const course = typeof item.id === "string" ? byId.get(item.id) : undefined;
    if (!course || result.some((r) => r.id === course.id)) {
      changed = true;
      continue;
    }
    if (item.priceCents !== course.priceCents || item.quantity !== 1) changed = true;
    // The choice is kept even when it can no longer be booked: the cart says so and asks for another.
    const wanted =
      typeof item.editionId === "string" && EDITION_ID_PATTERN.test(item.editionId) ? item.editionId : null;
    if (wanted !== (item.editionId ?? null)) changed = true;
    result.push(toItem(course, wanted));
  }
  return { items: result, changed };
}

/**
 * Public reads of the service menu and the professionals (issue 15): what
 * /servicios lists, what /reservar offers, which professionals can do a given
 * set of services. Every price and duration a booking uses comes from here,
 * never from the browser. The staff's reads and writes of the menu are in
 * menu-admin.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import type { ServicesTable } from "~/db/schema.ts";
import { isServiceCategory, type ServiceCategoryId } from "~/domain/service-categories.ts";
import type { Locale } from "~/i18n/locales.ts";

export interface MenuService {
  id: string;
  name: string;
  category: ServiceCategoryId;
  description: string;
  durationMin: number;
  bufferMin: number;
  priceCents: number;
  priceFrom: boolean;
  /** The señal paid online when booking it; null for none. */
  depositCents: number | null;
  bookableOnline: boolean;
  /**
   * Read in Catalan and the service has no Catalan name or description yet: the
   * Spanish text is shown in its place. Only staff-facing UI mentions it.
   */
  untranslated?: true;
}

export interface MenuProfessional {
  id: string;
  name: string;
  title: string;
  /** Ids of the active services she performs. */
  serviceIds: string[];
}

const serviceColumns = [
  "id",
  "name",
  "category",
  "description",
  "duration_min",
  "buffer_min",
  "price_cents",
  "price_from",
  "deposit_cents",
  "bookable_online",
  "name_ca",
  "description_ca",
] as const;

type ServiceRow = Pick<ServicesTable, Exclude<(typeof serviceColumns)[number], "name_ca" | "description_ca">> &
  Partial<Pick<ServicesTable, "name_ca" | "description_ca">>;

/** The text a visitor reads in `locale`: the Catalan one when written, else the Spanish one. */
function serviceTexts(r: ServiceRow, locale: Locale): Pick<MenuService, "name" | "description" | "untranslated"> {
  if (locale === "es") return { name: r.name, description: r.description };
  const name = r.name_ca?.trim() ? r.name_ca : null;
  // A service without a description needs none in Catalan either.
  const description = r.description_ca?.trim() ? r.description_ca : r.description.trim() ? null : r.description;
  return {
    name: name ?? r.name,
    description: description ?? r.description,
    ...(name === null || description === null ? { untranslated: true as const } : {}),
  };
}

/** A `services` row as the menu reads it, in `locale` (the staff's reads add what only they see). */
export function toService(r: ServiceRow, locale: Locale = "es"): MenuService {
  return {
    id: r.id,
    ...serviceTexts(r, locale),
    category: isServiceCategory(r.category) ? r.category : "manos",
    durationMin: Number(r.duration_min),
    bufferMin: Number(r.buffer_min),
    priceCents: Number(r.price_cents),
    priceFrom: Number(r.price_from) === 1,
    depositCents: r.deposit_cents == null || Number(r.deposit_cents) <= 0 ? null : Number(r.deposit_cents),
    bookableOnline: Number(r.bookable_online) === 1,
  };
}

/**
 * Every active service, in the menu's order (the public menu shows those not
 * bookable online too), with its texts in `locale`.
 */
export async function listActiveServices(db: Db, locale: Locale = "es"): Promise<MenuService[]> {
  const rows = await db
    .selectFrom("services")
    .select(serviceColumns)
    .where("active", "=", 1)
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
  return rows.map((r) => toService(r, locale));
}

/**
 * The Catalan name of each active service that has one written, by id (the
 * assistant says it in Catalan answers and recognises it in any question).
 */
export async function activeServiceNamesCa(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "name_ca"])
    .where("active", "=", 1)
    .where("name_ca", "is not", null)
    .execute();
  return new Map(rows.flatMap((r) => (r.name_ca?.trim() ? [[r.id, r.name_ca] as const] : [])));
}

/**
 * The active services with these ids, in the order given; null when any id is
 * unknown, inactive, repeated or (with `online`) not bookable online.
 */
export async function servicesInOrder(
  db: Db,
  ids: readonly string[],
  opts: { online: boolean; locale?: Locale },
): Promise<MenuService[] | null> {
  if (ids.length === 0 || new Set(ids).size !== ids.length) return null;
  const rows = await db
    .selectFrom("services")
    .select(serviceColumns)
    .where("id", "in", [...ids])
    .where("active", "=", 1)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toService(r, opts.locale)]));
  const out: MenuService[] = [];
  for (const id of ids) {
    const s = byId.get(id);
    if (!s || (opts.online && !s.bookableOnline)) return null;
    out.push(s);
  }
  return out;
}

/** Active professionals, in the salon's order, with the active services each performs. */
export async function listActiveProfessionals(db: Db): Promise<MenuProfessional[]> {
  const [pros, links] = await Promise.all([
    db
      .selectFrom("professionals")
      .select(["id", "name", "title"])
      .where("active", "=", 1)
      .orderBy("sort_order")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("professional_services")
      .innerJoin("services", "services.id", "professional_services.service_id")
      .select(["professional_services.professional_id", "professional_services.service_id"])
      .where("services.active", "=", 1)
      .execute(),
  ]);
  const byPro = new Map<string, string[]>();
  for (const l of links) byPro.set(l.professional_id, [...(byPro.get(l.professional_id) ?? []), l.service_id]);
  return pros.map((p) => ({ id: p.id, name: p.name, title: p.title, serviceIds: byPro.get(p.id) ?? [] }));
}

/** The professionals who can perform every one of these services. */
export function professionalsFor(pros: readonly MenuProfessional[], serviceIds: readonly string[]): MenuProfessional[] {
  return pros.filter((p) => serviceIds.every((id) => p.serviceIds.includes(id)));
}

/** Total minutes of services in a row, and the buffer after the last one. */
export function sequenceLength(services: readonly Pick<MenuService, "durationMin" | "bufferMin">[]): {
  durationMin: number;
  bufferMin: number;
} {
  return {
    durationMin: services.reduce((sum, s) => sum + s.durationMin, 0),
    bufferMin: services.at(-1)?.bufferMin ?? 0,
  };
}

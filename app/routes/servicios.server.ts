import { listActiveServices } from "~/bookings/menu.server.ts";
import { SERVICE_CATEGORY_IDS as SERVICE_CATEGORIES } from "~/domain/service-categories.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import type { MenuGroup } from "~/components/services/service-menu.ts";
import type { Db } from "~/db/db.server.ts";
import { publicPhotos, type PhotoView } from "~/media/site-photos.server.ts";

/** The categories' names, spelt out so every key is findable. */
const CATEGORY_KEYS: Record<(typeof SERVICE_CATEGORIES)[number], MessageKey> = {
  manos: "services.category.manos",
  pies: "services.category.pies",
  facial: "services.category.facial",
  diseno: "services.category.diseno",
};

/**
 * The public menu: the active services grouped by category in the menu's
 * order (Manos, Pies, Facial, Diseño de uñas); a category with no active
 * service is left out. Only what the page shows leaves the server: the texts in
 * `locale` (a service without Catalan texts shows its Spanish ones; the
 * visitor is not told, only Gestión's list is).
 */
export async function loadServicesPage(
  db: Db,
  locale: Locale = "es",
): Promise<{ groups: MenuGroup[]; photos: Record<string, PhotoView> }> {
  const t = serverTranslator(locale);
  const [services, { services: photos }] = await Promise.all([
    listActiveServices(db, locale),
    publicPhotos(db, ["service"]),
  ]);
  const groups = SERVICE_CATEGORIES.map((category) => ({
    category,
    label: t(CATEGORY_KEYS[category]),
    services: services
      .filter((s) => s.category === category)
      .map(({ id, name, description, durationMin, priceCents, priceFrom, depositCents, bookableOnline }) => ({
        id,
        name,
        description,
        durationMin,
        priceCents,
        priceFrom,
        depositCents,
        bookableOnline,
      })),
  })).filter((g) => g.services.length > 0);
  const shown = new Set(groups.flatMap((g) => g.services.map((s) => s.id)));
  return { groups, photos: Object.fromEntries(Object.entries(photos).filter(([id]) => shown.has(id))) };
}

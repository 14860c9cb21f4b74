import { listActiveServices } from "~/bookings/menu.server.ts";
import {
  SERVICE_CATEGORY_IDS as SERVICE_CATEGORIES,
  SERVICE_CATEGORY_NAMES as SERVICE_CATEGORY_LABELS,
} from "~/domain/service-categories.ts";
import type { MenuGroup } from "~/components/services/service-menu.ts";
import type { Db } from "~/db/db.server.ts";
import { publicPhotos, type PhotoView } from "~/media/site-photos.server.ts";

/**
 * The public menu: the active services grouped by category in the menu's
 * order (Manos, Pies, Facial, Diseño de uñas); a category with no active
 * service is left out. Only what the page shows leaves the server.
 */
export async function loadServicesPage(db: Db): Promise<{ groups: MenuGroup[]; photos: Record<string, PhotoView> }> {
  const [services, { services: photos }] = await Promise.all([listActiveServices(db), publicPhotos(db, ["service"])]);
  const groups = SERVICE_CATEGORIES.map((category) => ({
    category,
    label: SERVICE_CATEGORY_LABELS[category],
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

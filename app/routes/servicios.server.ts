import { listActiveServices } from "~/bookings/menu.server.ts";
import {
  SERVICE_CATEGORY_IDS as SERVICE_CATEGORIES,
  SERVICE_CATEGORY_NAMES as SERVICE_CATEGORY_LABELS,
} from "~/domain/service-categories.ts";
import type { MenuGroup } from "~/components/services/service-menu.ts";
import type { Db } from "~/db/db.server.ts";

/**
 * The public menu: the active services grouped by category in the menu's
 * order (Manos, Pies, Facial, Diseño de uñas); a category with no active
 * service is left out. Only what the page shows leaves the server.
 */
export async function loadServicesPage(db: Db): Promise<{ groups: MenuGroup[] }> {
  const services = await listActiveServices(db);
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
  return { groups };
}

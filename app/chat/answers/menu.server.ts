/**
 * The live service menu as the assistant reads it: each active service with its
 * Spanish name and, when the staff wrote one in Gestión, its Catalan name. A
 * question may name a service in either language; a Catalan reply says the
 * Catalan name (service-mentions.ts: serviceName), a Spanish one the Spanish.
 */
import { activeServiceNamesCa, listActiveServices, type MenuService } from "~/bookings/menu.server.ts";
import type { Db } from "~/db/db.server.ts";

export type ChatService = MenuService & { nameCa: string | null };

export async function loadChatMenu(db: Db): Promise<ChatService[]> {
  const [menu, namesCa] = await Promise.all([listActiveServices(db), activeServiceNamesCa(db)]);
  return menu.map((s) => ({ ...s, nameCa: namesCa.get(s.id) ?? null }));
}

/**
 * The menu's categories, as stored (`services.category`) and as everyone reads
 * them. Zod-free, so public pages can import it without shipping the form rules.
 */
export const SERVICE_CATEGORY_IDS = ["manos", "pies", "facial", "diseno"] as const;
export type ServiceCategoryId = (typeof SERVICE_CATEGORY_IDS)[number];

export const SERVICE_CATEGORY_NAMES: Record<ServiceCategoryId, string> = {
  manos: "Manos",
  pies: "Pies",
  facial: "Facial",
  diseno: "Diseño de uñas",
};

export function isServiceCategory(value: unknown): value is ServiceCategoryId {
  return typeof value === "string" && (SERVICE_CATEGORY_IDS as readonly string[]).includes(value);
}

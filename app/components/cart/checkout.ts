// "Proceder al Pago": one order for every cart item; every failure ends in one of the
// fixed Spanish alert texts below, never in a raw error.

export type CheckoutOutcome = { kind: "redirect"; url: string } | { kind: "error"; message: string };

export const MISSING_URL_MESSAGE = "No se pudo obtener URL de checkout";
const DEFAULT_ERROR = "Error al crear la sesión de pago";

/** POSTs the course ids; the server prices them from its own catalogue. */
export async function createCheckoutSession(courseIds: string[]): Promise<CheckoutOutcome> {
  let response: Response;
  let body: { url?: unknown; message?: unknown } = {};
  try {
    response = await fetch("/api/create-checkout-session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ courseIds }),
    });
    body = ((await response.json().catch(() => ({}))) ?? {}) as typeof body;
  } catch (error) {
    console.error("Error creando checkout session:", error);
    return { kind: "error", message: `Error al procesar el pago: ${DEFAULT_ERROR}` };
  }
  if (!response.ok) {
    const reason = typeof body.message === "string" && body.message ? body.message : DEFAULT_ERROR;
    console.error("Error creando checkout session:", reason);
    return { kind: "error", message: `Error al procesar el pago: ${reason}` };
  }
  if (!isNavigableUrl(body.url)) return { kind: "error", message: MISSING_URL_MESSAGE };
  return { kind: "redirect", url: body.url };
}

/** Only http(s) URLs or same-site paths are followed (never javascript: and the like). */
function isNavigableUrl(url: unknown): url is string {
  if (typeof url !== "string" || url === "") return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  return /^https?:\/\//i.test(url);
}

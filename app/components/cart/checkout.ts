// "Proceder al Pago": one order for every cart item; every failure ends in one of the
// fixed Spanish alert texts below, never in a raw error.

export type CheckoutOutcome = { kind: "redirect"; url: string } | { kind: "error"; message: string };

export const MISSING_URL_MESSAGE = "No se pudo obtener URL de checkout";
const DEFAULT_ERROR = "Error al crear la sesión de pago";

/** A cart line: the course and the edition chosen (the server checks both). */
export interface CheckoutLine {
  courseId: string;
  editionId: string | null;
}

/** POSTs the courses (and editions); the server prices them from its own catalogue. */
export async function createCheckoutSession(
  lines: readonly (string | CheckoutLine)[],
  options: { earlyStart?: boolean } = {},
): Promise<CheckoutOutcome> {
  const lineBody = lines.every((l) => typeof l === "string")
    ? { courseIds: lines }
    : {
        items: lines.map((l) =>
          typeof l === "string" ? { courseId: l } : { courseId: l.courseId, ...(l.editionId ? { editionId: l.editionId } : {}) },
        ),
      };
  // The buyer's express request to start within the withdrawal period (the server decides when it is needed).
  const body = options.earlyStart ? { ...lineBody, withdrawalWaiver: true } : lineBody;
  let response: Response;
  let answer: { url?: unknown; message?: unknown } = {};
  try {
    response = await fetch("/api/create-checkout-session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    answer = ((await response.json().catch(() => ({}))) ?? {}) as typeof answer;
  } catch (error) {
    console.error("Error creando checkout session:", error);
    return { kind: "error", message: `Error al procesar el pago: ${DEFAULT_ERROR}` };
  }
  if (!response.ok) {
    const reason = typeof answer.message === "string" && answer.message ? answer.message : DEFAULT_ERROR;
    console.error("Error creando checkout session:", reason);
    return { kind: "error", message: `Error al procesar el pago: ${reason}` };
  }
  if (!isNavigableUrl(answer.url)) return { kind: "error", message: MISSING_URL_MESSAGE };
  return { kind: "redirect", url: answer.url };
}

/** Only http(s) URLs or same-site paths are followed (never javascript: and the like). */
function isNavigableUrl(url: unknown): url is string {
  if (typeof url !== "string" || url === "") return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  return /^https?:\/\//i.test(url);
}

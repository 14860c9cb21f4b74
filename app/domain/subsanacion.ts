/**
 * Subsanación of a billing record the AEAT rejected (docs/invoicing.md): when
 * a record may be subsanado, what the owner reads before and after, and the
 * record's data the subsanación takes from where. Pure.
 */

/** Why a record cannot be subsanado now. */
export type SubsanacionRefusal = "not-found" | "not-rejected" | "mode-off";

/**
 * What may be done with a record whose sending state is `state` (its
 * billing_record_status row, null without one): "subsanar" only when the AEAT
 * rejected it; "done" when it was already subsanado (a second click of the
 * same confirmation: nothing more to do); else a refusal.
 */
export function subsanacionDecision(
  state: string | null,
  mode: string,
): { kind: "subsanar" } | { kind: "done" } | { kind: "refused"; reason: SubsanacionRefusal } {
  if (state === "corrected") return { kind: "done" };
  if (state !== "rejected") return { kind: "refused", reason: "not-rejected" };
  // A subsanación is sent like any record: with the sending off it would only wait, unsent.
  if (mode === "off") return { kind: "refused", reason: "mode-off" };
  return { kind: "subsanar" };
}

export const SUBSANACION_REFUSALS: Record<SubsanacionRefusal, string> = {
  "not-found": "Esa factura no tiene ningún registro rechazado por la AEAT.",
  "not-rejected":
    "Solo se puede subsanar un registro que la AEAT ha rechazado. Este no está rechazado (o ya se subsanó).",
  "mode-off": "El envío a la AEAT está desactivado (VERIFACTU_MODE=off): la subsanación no se podría enviar.",
};

/** The action's name, on the invoice's row and on its button. */
export const SUBSANAR_LABEL = "Subsanar y reenviar";

/** What the confirmation step says will happen. */
export const SUBSANACION_STEPS = [
  "Se genera un registro de facturación nuevo de la misma factura (mismo número y fecha), marcado como subsanación de un registro rechazado (Subsanacion «S», RechazoPrevio «S»).",
  "Lleva los datos de hoy: la razón social de Datos fiscales y, en una factura completa, los datos de facturación que la clienta tenga ahora en su perfil (si no tiene, los de la factura). El número, la fecha, el tipo y los importes no cambian.",
  "Se encadena tras el último registro, con su propia huella y fecha de generación, y se envía a la AEAT como cualquier otro. El registro rechazado se conserva tal cual, marcado como «Subsanado».",
] as const;

/** The notice after the subsanación. */
export const SUBSANACION_DONE =
  "Subsanación generada: el nuevo registro queda pendiente de envío a la AEAT. Su respuesta aparecerá en esta lista.";

/** Where the owner fixes the cause before subsanar: the AEAT's message usually names it. */
export const SUBSANACION_BEFORE =
  "Antes de subsanar, corrige lo que dice el mensaje de la AEAT en su origen: los datos fiscales de la empresa (Datos fiscales) o los de facturación de la clienta (en su perfil). Si lo que está mal es el NIF del emisor, el número, la fecha o un importe, no se subsana: consulta con la gestoría.";

/**
 * The model withdrawal form of Annex B TRLGDCU (RDL 1/2007), with the salon's
 * data filled in. Shown at /terms#desistimiento and copied into the purchase
 * confirmation email (the durable medium of art. 98).
 */
import { site } from "./site.ts";

export const WITHDRAWAL_FORM_TITLE = "Modelo de formulario de desistimiento";

export const WITHDRAWAL_FORM_INTRO = "Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato.";

/** The form's lines, in order; "(*)" marks the words to strike out, as in the official model. */
export const WITHDRAWAL_FORM_LINES: readonly string[] = [
  `A la atención de ${site.name}, ${site.address.full}, correo electrónico ${site.email}:`,
  "Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de prestación del siguiente servicio: formación (indique el curso y, si lo tiene, el número de pedido).",
  "Pedido el (fecha de la compra):",
  "Nombre del consumidor o de los consumidores:",
  "Domicilio del consumidor o de los consumidores:",
  "Firma del consumidor o de los consumidores (solo si el presente formulario se presenta en papel):",
  "Fecha:",
  "(*) Táchese lo que no proceda.",
];

/** The whole form as plain text (the email). */
export function withdrawalFormText(): string {
  return [WITHDRAWAL_FORM_TITLE, WITHDRAWAL_FORM_INTRO, ...WITHDRAWAL_FORM_LINES].join("\n");
}

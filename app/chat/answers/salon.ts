/**
 * Replies that need no catalogue: the salon's facts from site.ts, with their
 * links written `[label](href)` (reply-format.ts). Pure.
 */
import { site } from "~/content/site.ts";
import {
  bookingLink,
  directionsLink,
  emailLink,
  instagramLink,
  link,
  phoneLink,
  whatsappLink,
} from "../reply-format.ts";

const TERMS_PATH = "/terms";

/** "Llámanos al 655 48 21 37, escríbenos por WhatsApp o en Instagram @…", every contact a link. */
export function contactLine(): string {
  return `Llámanos al ${phoneLink()}, ${whatsappLink("escríbenos por WhatsApp")} o en Instagram ${instagramLink()}.`;
}

/** The reply when the question is not understood or not about the salon. */
export function fallbackAnswer(): string {
  return `Lo siento, no he entendido tu pregunta o no tengo esa información. Para que te atienda una persona: ${contactLine()}`;
}

export const greetingAnswer = () =>
  `¡Hola! Soy la asistente virtual de ${site.name}. Puedo contarte nuestros servicios con sus precios y duración, ayudarte a ${bookingLink("reservar cita")}, darte las fechas de las próximas formaciones, el horario del salón o cómo llegar. ¿Qué necesitas?`;

export const thanksAnswer = () =>
  `¡De nada! Si necesitas algo más, aquí estoy. También puedes ${whatsappLink("escribirnos por WhatsApp")}.`;

export const goodbyeAnswer = () => `¡Hasta pronto! Gracias por escribir a ${site.name}.`;

export const certificateAnswer = () =>
  `Sí. Al terminar cualquiera de nuestras formaciones recibes el certificado de la academia ${site.name}, con las horas cursadas y las técnicas que dominas.`;

export const refundAnswer = () =>
  `Tienes 14 días de derecho de desistimiento y, además, nuestra garantía de satisfacción de 30 días: si la convocatoria en la que te inscribiste aún no ha empezado, te devolvemos el importe íntegro. Pídelo en ${emailLink()}.\n${link("Ver términos y condiciones", TERMS_PATH)}`;

export const bookingAnswer = () =>
  `Puedes reservar tu cita online, eligiendo servicio, día y hora: ${bookingLink()}\nSi lo prefieres, llámanos al ${phoneLink()} o ${whatsappLink("escríbenos por WhatsApp")}.`;

export const locationAnswer = () => `Estamos en ${site.address.full}.\n${directionsLink()}`;

/** Parking near the salon, from site.parking. */
export function parkingAnswer(): string {
  const own = site.parking.own ? "Sí, tenemos aparcamiento." : "No tenemos aparcamiento propio.";
  return `${own} ${site.parking.advice}\n${site.parking.transit}\nEstamos en ${site.address.full}. ${directionsLink()}`;
}

export const contactAnswer = () =>
  [
    `Teléfono (llamadas y SMS): ${phoneLink()}`,
    `WhatsApp: ${whatsappLink()}`,
    `Correo: ${emailLink()}`,
    `Instagram: ${instagramLink()}`,
  ].join("\n");

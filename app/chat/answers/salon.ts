/**
 * Replies that need no catalogue: the salon's facts from site.ts, with their
 * links written `[label](href)` (reply-format.ts), in Spanish or Catalan (issue
 * 34: the words are translated here or read from the catalogues, the facts stay
 * in site.ts).
 */
import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
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

/** Catalan "de" before a name: "d’Alejandra Nails" before a vowel or h, "de …" otherwise. */
const catalanOf = (name: string) => (/^[aeiouàèéíïòóúüh]/iu.test(name) ? `d’${name}` : `de ${name}`);

/** "Llámanos al 655 48 21 37, escríbenos por WhatsApp o en Instagram @…", every contact a link. */
export function contactLine(locale: Locale = "es"): string {
  return locale === "ca"
    ? `Truca’ns al ${phoneLink()}, ${whatsappLink("escriu-nos per WhatsApp")} o a Instagram ${instagramLink()}.`
    : `Llámanos al ${phoneLink()}, ${whatsappLink("escríbenos por WhatsApp")} o en Instagram ${instagramLink()}.`;
}

/** The reply when the question is not understood or not about the salon. */
export function fallbackAnswer(locale: Locale = "es"): string {
  return locale === "ca"
    ? `Ho sento, no he entès la teva pregunta o no tinc aquesta informació. Perquè t’atengui una persona: ${contactLine(locale)}`
    : `Lo siento, no he entendido tu pregunta o no tengo esa información. Para que te atienda una persona: ${contactLine()}`;
}

export const greetingAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `Hola! Soc l’assistenta virtual ${catalanOf(site.name)}. T’explico els nostres serveis amb els preus i la durada, t’ajudo a ${bookingLink("reservar cita")}, et dono les dates de les properes formacions, l’horari del saló o com arribar-hi. Què necessites?`
    : `¡Hola! Soy la asistente virtual de ${site.name}. Puedo contarte nuestros servicios con sus precios y duración, ayudarte a ${bookingLink("reservar cita")}, darte las fechas de las próximas formaciones, el horario del salón o cómo llegar. ¿Qué necesitas?`;

export const thanksAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `De res! Si necessites alguna cosa més, aquí em tens. També ens pots ${whatsappLink("escriure per WhatsApp")}.`
    : `¡De nada! Si necesitas algo más, aquí estoy. También puedes ${whatsappLink("escribirnos por WhatsApp")}.`;

export const goodbyeAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `Fins aviat! Gràcies per escriure a ${site.name}.`
    : `¡Hasta pronto! Gracias por escribir a ${site.name}.`;

export const certificateAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `Sí. En acabar qualsevol de les nostres formacions reps el certificat de l’acadèmia ${site.name}, amb les hores cursades i les tècniques que domines.`
    : `Sí. Al terminar cualquiera de nuestras formaciones recibes el certificado de la academia ${site.name}, con las horas cursadas y las técnicas que dominas.`;

export const refundAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `Tens 14 dies de dret de desistiment i, a més, la nostra garantia de satisfacció de 30 dies: si la convocatòria en què et vas inscriure encara no ha començat, et tornem l’import íntegre. Demana-ho a ${emailLink()}.\n${link("Veure les condicions generals", TERMS_PATH)}`
    : `Tienes 14 días de derecho de desistimiento y, además, nuestra garantía de satisfacción de 30 días: si la convocatoria en la que te inscribiste aún no ha empezado, te devolvemos el importe íntegro. Pídelo en ${emailLink()}.\n${link("Ver términos y condiciones", TERMS_PATH)}`;

export const bookingAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `Pots reservar la teva cita en línia, triant el servei, el dia i l’hora: ${bookingLink()}\nSi ho prefereixes, truca’ns al ${phoneLink()} o ${whatsappLink("escriu-nos per WhatsApp")}.`
    : `Puedes reservar tu cita online, eligiendo servicio, día y hora: ${bookingLink()}\nSi lo prefieres, llámanos al ${phoneLink()} o ${whatsappLink("escríbenos por WhatsApp")}.`;

const DIRECTIONS_CA = "Com arribar-hi (Google Maps)";

export const locationAnswer = (locale: Locale = "es") =>
  locale === "ca"
    ? `Som a ${site.address.full}.\n${directionsLink(DIRECTIONS_CA)}`
    : `Estamos en ${site.address.full}.\n${directionsLink()}`;

/** Parking near the salon: the fact from site.parking, the advice from the catalogues (site.parking.*). */
export function parkingAnswer(locale: Locale = "es"): string {
  const t = serverTranslator(locale);
  const tips = `${t("site.parking.advice")}\n${t("site.parking.transit")}`;
  if (locale === "ca") {
    const own = site.parking.own ? "Sí, tenim aparcament." : "No tenim aparcament propi.";
    return `${own} ${tips}\nSom a ${site.address.full}. ${directionsLink(DIRECTIONS_CA)}`;
  }
  const own = site.parking.own ? "Sí, tenemos aparcamiento." : "No tenemos aparcamiento propio.";
  return `${own} ${tips}\nEstamos en ${site.address.full}. ${directionsLink()}`;
}

export const contactAnswer = (locale: Locale = "es") =>
  (locale === "ca"
    ? [
        `Telèfon (trucades i SMS): ${phoneLink()}`,
        `WhatsApp: ${whatsappLink("Escriu per WhatsApp")}`,
        `Correu electrònic: ${emailLink()}`,
        `Instagram: ${instagramLink()}`,
      ]
    : [
        `Teléfono (llamadas y SMS): ${phoneLink()}`,
        `WhatsApp: ${whatsappLink()}`,
        `Correo: ${emailLink()}`,
        `Instagram: ${instagramLink()}`,
      ]
  ).join("\n");

/**
 * The assistant's replies, composed on every request from the live catalogue
 * (prices, durations, class sizes, next editions) and the site facts module, so
 * they always say what /formaciones and the footer say. No fact is copied here.
 */
import { listCourses, listUpcomingEditions } from "~/catalogue.server.ts";
import { hoursLines, site } from "~/content/site.ts";
import type { Db } from "~/db/db.server.ts";
import type { Course } from "~/domain/course.ts";
import { PAYMENT_METHODS } from "~/domain/payment-methods.ts";
import { formatMonthYear, formatPriceShort, monthlyFinancingEuros } from "~/domain/pricing.ts";
import type { Intent } from "./corpus.ts";

export interface AnswerOptions {
  /** YYYY-MM-DD; defaults to today in Madrid (editions before it are never mentioned). */
  today?: string;
}

const COURSES_PATH = "/formaciones";
const TERMS_PATH = "/terms";

/** Same wording as the course cards on /formaciones. */
function nextDate(course: Course): string {
  return course.nextEdition ? formatMonthYear(course.nextEdition.startsOn) : "nuevas fechas próximamente";
}

function financing(course: Course): string {
  return `financia desde ${monthlyFinancingEuros(course.priceCents)}€/mes sin intereses`;
}

function priceText(course: Course): string {
  const original =
    course.originalPriceCents > course.priceCents ? ` (antes ${formatPriceShort(course.originalPriceCents)})` : "";
  return `${formatPriceShort(course.priceCents)}${original}`;
}

const bullet = (lines: string[]) => lines.map((l) => `• ${l}`).join("\n");

function contactLine(): string {
  return `Llámanos al ${site.phone.display}, escríbenos por WhatsApp (${site.whatsapp.link(site.whatsapp.defaultMessage)}) o en Instagram ${site.social.instagram.handle}.`;
}

/** The reply when the question is not understood or not about the salon. */
export function fallbackAnswer(): string {
  return `Lo siento, no he entendido tu pregunta o no tengo esa información. Para que te atienda una persona: ${contactLine()}`;
}

function courseInfo(c: Course): string {
  return [
    `${c.title} (nivel ${c.level}): ${c.description}`,
    `Duración: ${c.duration}. Grupo de máximo ${c.classSize} alumnos.`,
    `Precio: ${priceText(c)}; ${financing(c)}.`,
    `Próxima convocatoria: ${nextDate(c)}.`,
  ].join("\n");
}

async function coursesAnswer(intent: Intent, named: Course[], all: Course[], db: Db, today?: string): Promise<string> {
  const subject = named.length ? named : all;
  const more = `Más información y compra en ${COURSES_PATH}.`;
  if (all.length === 0) {
    return `Ahora mismo no hay formaciones a la venta. ${contactLine()}`;
  }
  switch (intent) {
    case "courses.list":
      return `Tenemos ${all.length} formaciones:\n${bullet(
        all.map(
          (c) =>
            `${c.title} (${c.level}): ${c.duration}, ${formatPriceShort(c.priceCents)}. Próxima convocatoria: ${nextDate(c)}.`,
        ),
      )}\n${more}`;
    case "courses.info":
      return `${subject.map(courseInfo).join("\n\n")}\n${more}`;
    case "courses.price":
    case "courses.prices":
      if (named.length === 1) {
        const [c] = named;
        return `${c.title} cuesta ${priceText(c)}; ${financing(c)}. ${more}`;
      }
      return `Precios de ${named.length ? "esas" : "nuestras"} formaciones:\n${bullet(
        subject.map((c) => `${c.title}: ${priceText(c)}; ${financing(c)}`),
      )}\n${more}`;
    case "courses.duration":
      if (named.length === 1) return `${named[0].title} dura ${named[0].duration}. ${more}`;
      return `Duración de ${named.length ? "esas" : "nuestras"} formaciones:\n${bullet(
        subject.map((c) => `${c.title}: ${c.duration}`),
      )}`;
    case "courses.groupSize":
      if (named.length === 1) {
        return `En ${named[0].title} el grupo es de máximo ${named[0].classSize} alumnos, para que la formadora corrija tu técnica de cerca.`;
      }
      return `Trabajamos en grupos reducidos (nunca más de ${site.academy.maxGroup} alumnos):\n${bullet(
        subject.map((c) => `${c.title}: máximo ${c.classSize} alumnos`),
      )}`;
    case "courses.level": {
      if (named.length) {
        return bullet(named.map((c) => `${c.title} es de nivel ${c.level}: ${c.description}`));
      }
      const beginner = all.find((c) => c.category === "iniciacion");
      const advice = beginner
        ? `Si empiezas de cero, te recomendamos ${beginner.title}: no necesitas experiencia previa.`
        : "Cuéntanos tu experiencia y te recomendamos la formación que mejor te encaja.";
      return `${advice}\nNiveles de nuestras formaciones:\n${bullet(all.map((c) => `${c.title}: ${c.level}`))}\n${more}`;
    }
    case "courses.dates": {
      if (named.length === 1) {
        const [c] = named;
        if (!c.nextEdition) return `${c.title}: ${nextDate(c)}. ${contactLine()}`;
        const upcoming = await listUpcomingEditions(db, c.id, { today });
        const later = upcoming.slice(1, 3).map((e) => formatMonthYear(e.startsOn));
        const laterText = later.length ? ` Después: ${later.join(" y ")}.` : "";
        return `La próxima convocatoria de ${c.title} empieza en ${nextDate(c)}.${laterText} ${more}`;
      }
      return `Próximas convocatorias:\n${bullet(subject.map((c) => `${c.title}: ${nextDate(c)}`))}\n${more}`;
    }
    default:
      return more;
  }
}

function paymentAnswer(named: Course[], all: Course[]): string {
  const methods = bullet(PAYMENT_METHODS.map((m) => `${m.name}: ${m.description}`));
  const examples = (named.length ? named : all).map((c) => `${c.title}: ${priceText(c)}, ${financing(c)}`);
  return `Puedes pagar online con:\n${methods}\n${examples.length ? `Por ejemplo:\n${bullet(examples)}` : ""}`.trim();
}

/** Composes the reply for an understood question. */
export async function composeAnswer(
  db: Db,
  intent: Intent,
  courseIds: string[],
  options: AnswerOptions = {},
): Promise<string> {
  switch (intent) {
    case "None":
      return fallbackAnswer();
    case "greeting":
      return `¡Hola! Soy la asistente virtual de ${site.name}. Puedo contarte nuestras formaciones, precios y próximas fechas, el horario del salón o cómo llegar. ¿Qué necesitas?`;
    case "thanks":
      return `¡De nada! Si necesitas algo más, aquí estoy. También puedes escribirnos por WhatsApp al ${site.whatsapp.display}.`;
    case "goodbye":
      return `¡Hasta pronto! Gracias por escribir a ${site.name}.`;
    case "courses.certificate":
      return `Sí. Al terminar cualquiera de nuestras formaciones recibes el certificado de la academia ${site.name}, con las horas cursadas y las técnicas que dominas.`;
    case "courses.materials":
      return "Sí: todo el material profesional que usas durante el curso está incluido en el precio, solo tienes que venir.";
    case "payment.refund":
      return `Tienes 14 días de derecho de desistimiento y, además, nuestra garantía de satisfacción de 30 días: si la convocatoria en la que te inscribiste aún no ha empezado, te devolvemos el importe íntegro. Pídelo en ${site.email}. Condiciones completas en ${TERMS_PATH}.`;
    case "booking":
      return `Puedes reservar tu cita online, eligiendo servicio, día y hora: ${site.bookingUrl}\nSi lo prefieres, llámanos al ${site.phone.display} o escríbenos por WhatsApp.`;
    case "salon.services":
      return `En el salón hacemos diseño de uñas, manicura, pedicura y tratamientos faciales. Consulta precios y disponibilidad y reserva tu cita aquí: ${site.bookingUrl}`;
    case "salon.hours":
      return `Nuestro horario:\n${hoursLines().join("\n")}`;
    case "salon.location":
      return `Estamos en ${site.address.full}.\nCómo llegar: ${site.maps.directions}`;
    case "salon.contact":
      return [
        `Teléfono (llamadas y SMS): ${site.phone.display}`,
        `WhatsApp: ${site.whatsapp.link(site.whatsapp.defaultMessage)}`,
        `Correo: ${site.email}`,
        `Instagram: ${site.social.instagram.handle}`,
      ].join("\n");
    default: {
      // Course and payment questions need the catalogue.
      const all = await listCourses(db, { today: options.today });
      const named = courseIds.map((id) => all.find((c) => c.id === id)).filter((c): c is Course => !!c);
      if (intent === "payment.financing") return paymentAnswer(named, all);
      return coursesAnswer(intent, named, all, db, options.today);
    }
  }
}

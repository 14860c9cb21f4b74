/**
 * The assistant's replies, composed on every request from the live catalogue
 * (prices, durations, class sizes, next editions) and the site facts module, so
 * they always say what /formaciones and the footer say. No fact is copied here.
 * Links are written `[label](href)` (reply-format.ts); the widget shows the label.
 */
import { listCourses, listUpcomingEditions, todayInMadrid } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { Course } from "~/domain/course.ts";
import { PAYMENT_METHODS } from "~/domain/payment-methods.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { formatEuros, formatWeekdayDate } from "~/domain/pricing.ts";
import { listActiveServices } from "~/bookings/menu.server.ts";
import {
  bullet,
  courseInfo,
  courseLink,
  coursePriceAnswer,
  coursePricesAnswer,
  coursesLink,
  datesAnswer,
  financing,
  materialsAnswer,
  priceText,
} from "./answers/courses.ts";
import { getBookingLink } from "~/bookings/booking-settings.server.ts";
import { availabilityAnswer } from "./answers/availability.server.ts";
import { hoursAnswer, weekdayOf } from "./answers/hours.ts";
import {
  bookingAnswer,
  certificateAnswer,
  contactAnswer,
  contactLine,
  fallbackAnswer,
  goodbyeAnswer,
  greetingAnswer,
  locationAnswer,
  parkingAnswer,
  refundAnswer,
  thanksAnswer,
} from "./answers/salon.ts";
import { servicesReply } from "./answers/services.ts";
import type { Intent } from "./corpus.ts";
import { followBookingLink, linksSiteBooking } from "./reply-format.ts";

export { fallbackAnswer };

export interface AnswerOptions {
  /** YYYY-MM-DD; defaults to today in Madrid (editions before it are never mentioned; "hoy" is this day). */
  today?: string;
  /** The clock availability answers read the diaries at; defaults to now. */
  now?: Date;
}

/** What was understood of a question. */
interface Question {
  intent: Intent;
  /** Course ids named in the message, in order of appearance. */
  courseIds: string[];
  /** The message as the visitor wrote it (the hours answer looks for the day it names). */
  text: string;
}

async function coursesAnswer(intent: Intent, named: Course[], all: Course[], db: Db, today?: string): Promise<string> {
  const subject = named.length ? named : all;
  const more = named.length === 1 ? courseLink(named[0]) : coursesLink();
  if (all.length === 0) {
    return `Ahora mismo no hay formaciones a la venta. ${contactLine()}`;
  }
  switch (intent) {
    case "courses.list":
      return `Tenemos ${all.length} formaciones:\n${bullet(
        all.map(
          (c) =>
            `${c.title} (${c.level}): ${c.duration}, ${formatEuros(c.priceCents)}. Próxima convocatoria: ${nextDateText(c)}.`,
        ),
      )}\n${coursesLink()}`;
    case "courses.info":
      return subject.map(courseInfo).join("\n\n");
    case "courses.price":
    case "courses.prices":
      return named.length === 1 ? coursePriceAnswer(named[0]) : coursePricesAnswer(subject, named.length > 0);
    case "courses.duration":
      if (named.length === 1) return `${named[0].title} dura ${named[0].duration}.\n${more}`;
      return `Duración de ${named.length ? "esas" : "nuestras"} formaciones:\n${bullet(
        subject.map((c) => `${c.title}: ${c.duration}`),
      )}\n${more}`;
    case "courses.groupSize":
      if (named.length === 1) {
        return `En ${named[0].title} el grupo es de máximo ${named[0].classSize} alumnos, para que la formadora corrija tu técnica de cerca.\n${more}`;
      }
      return `Trabajamos en grupos reducidos (nunca más de ${Math.max(...all.map((c) => c.classSize))} alumnos):\n${bullet(
        subject.map((c) => `${c.title}: máximo ${c.classSize} alumnos`),
      )}`;
    case "courses.level": {
      if (named.length) {
        return `${bullet(named.map((c) => `${c.title} es de nivel ${c.level}: ${c.description}`))}\n${more}`;
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
        if (!c.nextEdition) return `${c.title}: ${nextDateText(c)}. ${contactLine()}`;
        const upcoming = await listUpcomingEditions(db, c.id, { today });
        const schedule = c.nextEdition.schedule ? ` (${c.nextEdition.schedule})` : "";
        const later = upcoming.slice(1, 3).map((e) => formatWeekdayDate(e.startsOn));
        const laterText = later.length ? `\nDespués: ${later.join(" y ")}.` : "";
        return `La próxima convocatoria de ${c.title} empieza el ${formatWeekdayDate(c.nextEdition.startsOn)}${schedule}.${laterText}\n${more}`;
      }
      return datesAnswer(subject);
    }
    case "courses.materials":
      return materialsAnswer(named);
    default:
      return more;
  }
}

function paymentAnswer(named: Course[], all: Course[]): string {
  const methods = bullet(PAYMENT_METHODS.map((m) => `${m.name}: ${m.description}`));
  const examples = (named.length ? named : all).map((c) => `${c.title}: ${priceText(c)}, ${financing(c)}`);
  return `Puedes pagar online con:\n${methods}\n${examples.length ? `Por ejemplo:\n${bullet(examples)}` : ""}`.trim();
}

/** "hueco", "sitio", "disponibilidad", "libre": a booking question about free times. */
const FREE_TIME_WORDS = /\b(huecos?|sitio|disponib\w*|libres?)\b/i;

/** An availability question, or a booking question that asks for free times ("¿hay sitio el sábado?"). */
function asksForTimes(question: Question): boolean {
  if (question.intent === "booking.availability") return true;
  return question.intent === "booking" && FREE_TIME_WORDS.test(question.text);
}

/** Composes the reply for an understood question; "/reservar" links follow the booking setting. */
export async function composeAnswer(db: Db, question: Question, options: AnswerOptions = {}): Promise<string> {
  if (asksForTimes(question)) return availabilityAnswer(db, question.text, options.now ?? new Date());
  const text = await composeFixed(db, question, options);
  return linksSiteBooking(text) ? followBookingLink(text, await getBookingLink(db)) : text;
}

async function composeFixed(db: Db, question: Question, options: AnswerOptions): Promise<string> {
  const { intent, courseIds } = question;
  switch (intent) {
    case "None":
      return fallbackAnswer();
    case "greeting":
      return greetingAnswer();
    case "thanks":
      return thanksAnswer();
    case "goodbye":
      return goodbyeAnswer();
    case "courses.certificate":
      return certificateAnswer();
    case "payment.refund":
      return refundAnswer();
    case "booking":
    case "booking.availability":
      return bookingAnswer();
    case "salon.services":
      return servicesReply(question.text, await listActiveServices(db));
    case "salon.hours":
      return hoursAnswer(question.text, weekdayOf(options.today ?? todayInMadrid()));
    case "salon.location":
      return locationAnswer();
    case "salon.parking":
      return parkingAnswer();
    case "salon.contact":
      return contactAnswer();
    default: {
      // Course and payment questions need the catalogue.
      const all = await listCourses(db, { today: options.today });
      const named = courseIds.map((id) => all.find((c) => c.id === id)).filter((c): c is Course => !!c);
      if (intent === "payment.financing") return paymentAnswer(named, all);
      return coursesAnswer(intent, named, all, db, options.today);
    }
  }
}

/**
 * The assistant's replies, composed on every request from the live catalogue
 * (prices, durations, class sizes, next editions) and the site facts module, so
 * they always say what /formaciones and the footer say. No fact is copied here.
 * Links are written `[label](href)` (reply-format.ts); the widget shows the label.
 */
import { listCourses, listUpcomingEditions, todayInMadrid } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { Course } from "~/domain/course.ts";
import { paymentMethodDescriptionIn, paymentMethodNameIn } from "~/components/checkout/payment-method-texts.ts";
import { PAYMENT_METHODS } from "~/domain/payment-methods.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { Locale } from "~/i18n/locales.ts";
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
  nextDate,
  priceText,
  weekdayDate,
} from "./answers/courses.ts";
import { getBookingLink } from "~/bookings/booking-settings.server.ts";
import { availabilityAnswer } from "./answers/availability.server.ts";
import { loadChatMenu } from "./answers/menu.server.ts";
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
import { followBookingLink, linksSiteBooking, localizeLinks } from "./reply-format.ts";

export { fallbackAnswer };

export interface AnswerOptions {
  /** YYYY-MM-DD; defaults to today in Madrid (editions before it are never mentioned; "hoy" is this day). */
  today?: string;
  /** The clock availability answers read the diaries at; defaults to now. */
  now?: Date;
  /** The language to answer in (issue 34); Spanish by default. */
  locale?: Locale;
}

/** What was understood of a question. */
interface Question {
  intent: Intent;
  /** Course ids named in the message, in order of appearance. */
  courseIds: string[];
  /** The message as the visitor wrote it (the hours answer looks for the day it names). */
  text: string;
}

/** The words of the course answers in Catalan; the course's own texts are the catalogue's Catalan ones. */
const CA = {
  noCourses: "Ara mateix no hi ha formacions a la venda.",
  list: (n: number) => `Tenim ${n} formacions:`,
  next: "Propera convocatòria",
  lasts: "dura",
  durationOf: (some: boolean) => `Durada de ${some ? "aquestes" : "les nostres"} formacions:`,
  groupOne: (title: string, size: number) =>
    `A ${title} el grup és de com a màxim ${size} alumnes, perquè la formadora et corregeixi la tècnica de prop.`,
  groupAll: (max: number) => `Treballem en grups reduïts (mai més de ${max} alumnes):`,
  groupLine: (title: string, size: number) => `${title}: com a màxim ${size} alumnes`,
  levelOf: (title: string, level: string, description: string) => `${title} és de nivell ${level}: ${description}`,
  beginner: (title: string) => `Si comences de zero, et recomanem ${title}: no et cal experiència prèvia.`,
  noBeginner: "Explica’ns la teva experiència i et recomanem la formació que t’encaixa millor.",
  levels: "Nivells de les nostres formacions:",
  startsOn: (title: string, date: string, schedule: string) =>
    `La propera convocatòria de ${title} comença el ${date}${schedule}.`,
  later: (dates: string[]) => `Després: ${dates.join(" i ")}.`,
};

async function coursesAnswer(
  intent: Intent,
  named: Course[],
  all: Course[],
  db: Db,
  today: string | undefined,
  locale: Locale,
): Promise<string> {
  const ca = locale === "ca";
  const subject = named.length ? named : all;
  const more = named.length === 1 ? courseLink(named[0], locale) : coursesLink(locale);
  if (all.length === 0) {
    return `${ca ? CA.noCourses : "Ahora mismo no hay formaciones a la venta."} ${contactLine(locale)}`;
  }
  switch (intent) {
    case "courses.list":
      return `${ca ? CA.list(all.length) : `Tenemos ${all.length} formaciones:`}\n${bullet(
        all.map(
          (c) =>
            `${c.title} (${c.level}): ${c.duration}, ${formatEuros(c.priceCents)}. ${ca ? CA.next : "Próxima convocatoria"}: ${nextDate(c, locale)}.`,
        ),
      )}\n${coursesLink(locale)}`;
    case "courses.info":
      return subject.map((c) => courseInfo(c, locale)).join("\n\n");
    case "courses.price":
    case "courses.prices":
      return named.length === 1
        ? coursePriceAnswer(named[0], locale)
        : coursePricesAnswer(subject, named.length > 0, locale);
    case "courses.duration":
      if (named.length === 1) return `${named[0].title} ${ca ? CA.lasts : "dura"} ${named[0].duration}.\n${more}`;
      return `${ca ? CA.durationOf(named.length > 0) : `Duración de ${named.length ? "esas" : "nuestras"} formaciones:`}\n${bullet(
        subject.map((c) => `${c.title}: ${c.duration}`),
      )}\n${more}`;
    case "courses.groupSize": {
      if (named.length === 1) {
        const one = ca
          ? CA.groupOne(named[0].title, named[0].classSize)
          : `En ${named[0].title} el grupo es de máximo ${named[0].classSize} alumnos, para que la formadora corrija tu técnica de cerca.`;
        return `${one}\n${more}`;
      }
      const max = Math.max(...all.map((c) => c.classSize));
      return `${ca ? CA.groupAll(max) : `Trabajamos en grupos reducidos (nunca más de ${max} alumnos):`}\n${bullet(
        subject.map((c) => (ca ? CA.groupLine(c.title, c.classSize) : `${c.title}: máximo ${c.classSize} alumnos`)),
      )}`;
    }
    case "courses.level": {
      if (named.length) {
        return `${bullet(
          named.map((c) =>
            ca ? CA.levelOf(c.title, c.level, c.description) : `${c.title} es de nivel ${c.level}: ${c.description}`,
          ),
        )}\n${more}`;
      }
      const beginner = all.find((c) => c.category === "iniciacion");
      const advice = ca
        ? beginner
          ? CA.beginner(beginner.title)
          : CA.noBeginner
        : beginner
          ? `Si empiezas de cero, te recomendamos ${beginner.title}: no necesitas experiencia previa.`
          : "Cuéntanos tu experiencia y te recomendamos la formación que mejor te encaja.";
      const levels = ca ? CA.levels : "Niveles de nuestras formaciones:";
      return `${advice}\n${levels}\n${bullet(all.map((c) => `${c.title}: ${c.level}`))}\n${more}`;
    }
    case "courses.dates": {
      if (named.length === 1) {
        const [c] = named;
        if (!c.nextEdition) return `${c.title}: ${nextDate(c, locale)}. ${contactLine(locale)}`;
        const upcoming = await listUpcomingEditions(db, c.id, { today });
        const schedule = c.nextEdition.schedule ? ` (${c.nextEdition.schedule})` : "";
        const later = upcoming.slice(1, 3).map((e) => weekdayDate(e.startsOn, locale));
        const starts = weekdayDate(c.nextEdition.startsOn, locale);
        if (ca) {
          const laterText = later.length ? `\n${CA.later(later)}` : "";
          return `${CA.startsOn(c.title, starts, schedule)}${laterText}\n${more}`;
        }
        const laterText = later.length ? `\nDespués: ${later.join(" y ")}.` : "";
        return `La próxima convocatoria de ${c.title} empieza el ${starts}${schedule}.${laterText}\n${more}`;
      }
      return datesAnswer(subject, locale);
    }
    case "courses.materials":
      return materialsAnswer(named, locale);
    default:
      return more;
  }
}

function paymentAnswer(named: Course[], all: Course[], locale: Locale): string {
  const ca = locale === "ca";
  const t = serverTranslator(locale);
  const methods = bullet(
    PAYMENT_METHODS.map((m) => `${paymentMethodNameIn(t, m.key)}: ${paymentMethodDescriptionIn(t, m.key)}`),
  );
  const examples = (named.length ? named : all).map(
    (c) => `${c.title}: ${priceText(c, locale)}, ${financing(c, locale)}`,
  );
  const lead = ca ? "Pots pagar en línia amb:" : "Puedes pagar online con:";
  const forExample = ca ? "Per exemple:" : "Por ejemplo:";
  return `${lead}\n${methods}\n${examples.length ? `${forExample}\n${bullet(examples)}` : ""}`.trim();
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
  const locale = options.locale ?? "es";
  if (asksForTimes(question)) {
    return localizeLinks(await availabilityAnswer(db, question.text, options.now ?? new Date(), locale), locale);
  }
  const text = await composeFixed(db, question, options, locale);
  const followed = linksSiteBooking(text) ? followBookingLink(text, await getBookingLink(db)) : text;
  return localizeLinks(followed, locale);
}

async function composeFixed(db: Db, question: Question, options: AnswerOptions, locale: Locale): Promise<string> {
  const { intent, courseIds } = question;
  switch (intent) {
    case "None":
      return fallbackAnswer(locale);
    case "greeting":
      return greetingAnswer(locale);
    case "thanks":
      return thanksAnswer(locale);
    case "goodbye":
      return goodbyeAnswer(locale);
    case "courses.certificate":
      return certificateAnswer(locale);
    case "payment.refund":
      return refundAnswer(locale);
    case "booking":
    case "booking.availability":
      return bookingAnswer(locale);
    case "salon.services":
      return servicesReply(question.text, await loadChatMenu(db), locale);
    case "salon.hours":
      return hoursAnswer(question.text, weekdayOf(options.today ?? todayInMadrid()), locale);
    case "salon.location":
      return locationAnswer(locale);
    case "salon.parking":
      return parkingAnswer(locale);
    case "salon.contact":
      return contactAnswer(locale);
    default: {
      // Course and payment questions need the catalogue, with its texts in the answer's language
      // (a course without Catalan texts is read in Spanish).
      const all = await listCourses(db, { today: options.today, locale });
      const named = courseIds.map((id) => all.find((c) => c.id === id)).filter((c): c is Course => !!c);
      if (intent === "payment.financing") return paymentAnswer(named, all, locale);
      return coursesAnswer(intent, named, all, db, options.today, locale);
    }
  }
}

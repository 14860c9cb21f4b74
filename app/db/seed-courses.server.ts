/**
 * The academy's four courses as the old site sold them, and how the seed plans
 * their editions (app/db/seed.server.ts). Data only. Prices are cents; no
 * rating or review count: nobody has reviewed a course on this site yet.
 * Relative imports only: the browser tests import it to know what was seeded.
 */
import { addDays, firstMondayOfMonth } from "../domain/calendar-dates.ts";

interface SeedCourse {
  id: string;
  title: string;
  category: string;
  description: string;
  price_cents: number;
  original_price_cents: number;
  duration: string;
  class_size: number;
  level: string;
  features: readonly string[];
  image: string;
  highlighted: number;
  sort_order: number;
  /**
   * Editions start on the first Monday of the month `monthsAhead` after today's;
   * the last day is `lastDayOffset` days after the first (the course's hours at
   * the given schedule).
   */
  editions: { monthsAhead: readonly number[]; lastDayOffset: number; schedule: string };
}

export const catalogueSeedCourses: readonly SeedCourse[] = [
  {
    id: "formacion-inicio",
    title: "Formación de inicio",
    category: "iniciacion",
    description:
      "Tu primer paso en el mundo de las uñas. Aprende desde cero higiene, preparación de la uña natural, manicura y esmaltado semipermanente con un método claro y mucha práctica guiada.",
    price_cents: 28000,
    original_price_cents: 35000,
    duration: "20 horas",
    class_size: 15,
    level: "Iniciación",
    features: [
      "Anatomía de la uña y afecciones que impiden trabajar",
      "Higiene, desinfección y esterilización del material",
      "Preparación de la uña natural y de la cutícula en seco",
      "Limado y formas: cuadrada, oval, almendra y stiletto",
      "Esmaltado tradicional sin manchas ni burbujas",
      "Esmaltado semipermanente paso a paso",
      "Retirada segura del semipermanente sin dañar la uña",
      "Introducción a la manicura rusa con torno",
      "Kit profesional de materiales incluido",
      "Certificado oficial de la academia",
    ],
    image: "course-formacion-inicio",
    highlighted: 1,
    sort_order: 1,
    editions: { monthsAhead: [2, 4, 6], lastDayOffset: 4, schedule: "De lunes a viernes, 10:00–14:00" },
  },
  {
    id: "tecnico-manicurista",
    title: "Técnico Manicurista",
    category: "profesional",
    description:
      "Conviértete en técnica manicurista profesional: gel, manicura rusa, mantenimiento y acabados de salón para atender a tus clientas con seguridad desde el primer día.",
    price_cents: 65000,
    original_price_cents: 80000,
    duration: "40 horas",
    class_size: 12,
    level: "Profesional",
    features: [
      "Manicura rusa avanzada con torno y fresas",
      "Uñas de gel: construcción con tips y con molde",
      "Nivelación con rubber base y builder gel",
      "Arquitectura de la uña: ápex, curva C y laterales",
      "Relleno y mantenimiento del gel",
      "Francesa y baby boomer perfectas",
      "Decoración básica: foil, glitter y stamping",
      "Pedicura estética y cuidado del pie",
      "Atención a clientas, precios y fotografía de tus trabajos",
      "Prácticas con modelos reales y certificado oficial",
    ],
    image: "course-tecnico-manicurista",
    highlighted: 0,
    sort_order: 2,
    editions: { monthsAhead: [2, 4, 6], lastDayOffset: 11, schedule: "Dos semanas, de lunes a viernes, 10:00–14:00" },
  },
  {
    id: "expert-nails",
    title: "Expert Nails",
    category: "experto",
    description:
      "Para técnicas con experiencia que quieren dar el salto: esculpido en gel y acrílico, nail art avanzado y las técnicas de rapidez y acabado de los mejores salones.",
    price_cents: 99900,
    original_price_cents: 125000,
    duration: "60 horas",
    class_size: 8,
    level: "Experto",
    features: [
      "Esculpido en gel y en acrílico sobre molde",
      "Formas de tendencia: bailarina, edge y stiletto",
      "Encapsulados y efecto cristal",
      "Nail art a mano alzada con pincel fino",
      "Degradados, ombré y aerógrafo",
      "Corrección de uñas mordidas y deformadas",
      "Técnicas de rapidez para trabajar en salón",
      "Preparación para competiciones de uñas",
      "Marca personal y redes sociales para profesionales",
      "Tres meses de mentoría individual y certificado de experta",
    ],
    image: "course-expert-nails",
    highlighted: 0,
    sort_order: 3,
    editions: { monthsAhead: [2, 6], lastDayOffset: 18, schedule: "Tres semanas, de lunes a viernes, 10:00–14:00" },
  },
  {
    id: "iniciacion-acrilico",
    title: "Iniciación Acrílico Intensivo",
    category: "intensivo",
    description:
      "Dos días intensivos, en un grupo muy reducido y con fechas a tu medida, para dominar el acrílico desde la primera perla hasta el acabado final.",
    price_cents: 32900,
    original_price_cents: 42000,
    duration: "2 días personalizados",
    class_size: 6,
    level: "Intensivo",
    features: [
      "Química del acrílico: monómero, polímero y proporciones",
      "Control de la perla y manejo del pincel",
      "Preparación de la uña natural para acrílico",
      "Extensión con tips y con molde",
      "Acrílico sobre uña natural",
      "Limado y acabado con torno",
      "Francesa en acrílico rosa y blanco",
      "Relleno y retirada segura",
      "Grupo de 6 alumnos con atención personalizada",
      "Materiales incluidos y certificado de la academia",
    ],
    image: "course-iniciacion-acrilico",
    highlighted: 1,
    sort_order: 4,
    editions: { monthsAhead: [2, 4, 6], lastDayOffset: 1, schedule: "Lunes y martes, 10:00–18:00" },
  },
];

export interface PlannedEdition {
  id: string;
  course_id: string;
  starts_on: string;
  ends_on: string;
  seats: number;
  schedule: string;
}

/** The editions a seed course gets when it has none ahead ("expert-nails-2027-01"…). */
export function planEditions(course: SeedCourse, today: string): PlannedEdition[] {
  return course.editions.monthsAhead.map((months) => {
    const startsOn = firstMondayOfMonth(today, months);
    return {
      id: `${course.id}-${startsOn.slice(0, 7)}`,
      course_id: course.id,
      starts_on: startsOn,
      ends_on: addDays(startsOn, course.editions.lastDayOffset),
      seats: course.class_size,
      schedule: course.editions.schedule,
    };
  });
}

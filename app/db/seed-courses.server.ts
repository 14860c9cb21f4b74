/**
 * The academy's four courses as the old site sold them, and how the seed plans
 * their editions (app/db/seed.server.ts). Data only. Prices are cents; no
 * rating or review count: nobody has reviewed a course on this site yet.
 * Each text has its Catalan version beside it (`*_ca`, issue 34: Generalitat
 * style, TERMCAT terms); the seed writes them into new rows and into rows it
 * made before whose Spanish text is still this one (app/db/seed-catalan.server.ts).
 * Relative imports only: the browser tests import it to know what was seeded.
 */
import { addDays, firstMondayOfMonth } from "../domain/calendar-dates.ts";

interface SeedCourse {
  id: string;
  title: string;
  title_ca: string;
  category: string;
  description: string;
  description_ca: string;
  price_cents: number;
  original_price_cents: number;
  duration: string;
  duration_ca: string;
  class_size: number;
  level: string;
  level_ca: string;
  /** One line each; `features_ca` says the same lines in Catalan, in the same order. */
  features: readonly string[];
  features_ca: readonly string[];
  image: string;
  highlighted: number;
  sort_order: number;
  /**
   * Editions start on the first Monday of the month `monthsAhead` after today's;
   * the last day is `lastDayOffset` days after the first (the course's hours at
   * the given schedule).
   */
  editions: { monthsAhead: readonly number[]; lastDayOffset: number; schedule: string; schedule_ca: string };
}

export const catalogueSeedCourses: readonly SeedCourse[] = [
  {
    id: "formacion-inicio",
    title: "Formación de inicio",
    title_ca: "Formació d’inici",
    category: "iniciacion",
    description:
      "Tu primer paso en el mundo de las uñas. Aprende desde cero higiene, preparación de la uña natural, manicura y esmaltado semipermanente con un método claro y mucha práctica guiada.",
    description_ca:
      "El teu primer pas en el món de les ungles. Aprèn des de zero higiene, preparació de l’ungla natural, manicura i esmaltat semipermanent amb un mètode clar i molta pràctica guiada.",
    price_cents: 28000,
    original_price_cents: 35000,
    duration: "20 horas",
    duration_ca: "20 hores",
    class_size: 15,
    level: "Iniciación",
    level_ca: "Iniciació",
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
    features_ca: [
      "Anatomia de l’ungla i afeccions que impedeixen treballar-hi",
      "Higiene, desinfecció i esterilització del material",
      "Preparació de l’ungla natural i de la cutícula en sec",
      "Llimada i formes: quadrada, oval, ametlla i stiletto",
      "Esmaltat tradicional sense taques ni bombolles",
      "Esmaltat semipermanent pas a pas",
      "Retirada segura del semipermanent sense malmetre l’ungla",
      "Introducció a la manicura russa amb torn",
      "Kit professional de materials inclòs",
      "Certificat oficial de l’acadèmia",
    ],
    image: "course-formacion-inicio",
    highlighted: 1,
    sort_order: 1,
    editions: {
      monthsAhead: [2, 4, 6],
      lastDayOffset: 4,
      schedule: "De lunes a viernes, 10:00–14:00",
      schedule_ca: "De dilluns a divendres, 10:00–14:00",
    },
  },
  {
    id: "tecnico-manicurista",
    title: "Técnico Manicurista",
    title_ca: "Tècnic manicurista",
    category: "profesional",
    description:
      "Conviértete en técnica manicurista profesional: gel, manicura rusa, mantenimiento y acabados de salón para atender a tus clientas con seguridad desde el primer día.",
    description_ca:
      "Converteix-te en tècnica manicurista professional: gel, manicura russa, manteniment i acabats de saló per atendre les teves clientes amb seguretat des del primer dia.",
    price_cents: 65000,
    original_price_cents: 80000,
    duration: "40 horas",
    duration_ca: "40 hores",
    class_size: 12,
    level: "Profesional",
    level_ca: "Professional",
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
    features_ca: [
      "Manicura russa avançada amb torn i freses",
      "Ungles de gel: construcció amb tips i amb motlle",
      "Anivellament amb rubber base i builder gel",
      "Arquitectura de l’ungla: àpex, corba C i laterals",
      "Reomplert i manteniment del gel",
      "Francesa i baby boomer perfectes",
      "Decoració bàsica: foil, glitter i stamping",
      "Pedicura estètica i cura del peu",
      "Atenció a les clientes, preus i fotografia dels teus treballs",
      "Pràctiques amb models reals i certificat oficial",
    ],
    image: "course-tecnico-manicurista",
    highlighted: 0,
    sort_order: 2,
    editions: {
      monthsAhead: [2, 4, 6],
      lastDayOffset: 11,
      schedule: "Dos semanas, de lunes a viernes, 10:00–14:00",
      schedule_ca: "Dues setmanes, de dilluns a divendres, 10:00–14:00",
    },
  },
  {
    id: "expert-nails",
    title: "Expert Nails",
    title_ca: "Expert Nails",
    category: "experto",
    description:
      "Para técnicas con experiencia que quieren dar el salto: esculpido en gel y acrílico, nail art avanzado y las técnicas de rapidez y acabado de los mejores salones.",
    description_ca:
      "Per a tècniques amb experiència que volen fer el salt: ungles esculpides en gel i acrílic, nail art avançat i les tècniques de rapidesa i d’acabat dels millors salons.",
    price_cents: 99900,
    original_price_cents: 125000,
    duration: "60 horas",
    duration_ca: "60 hores",
    class_size: 8,
    level: "Experto",
    level_ca: "Expert",
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
    features_ca: [
      "Ungles esculpides en gel i en acrílic sobre motlle",
      "Formes de tendència: ballarina, edge i stiletto",
      "Encapsulats i efecte vidre",
      "Nail art a mà alçada amb pinzell fi",
      "Degradats, ombré i aerògraf",
      "Correcció d’ungles rosegades i deformades",
      "Tècniques de rapidesa per treballar en un saló",
      "Preparació per a competicions d’ungles",
      "Marca personal i xarxes socials per a professionals",
      "Tres mesos de mentoria individual i certificat d’experta",
    ],
    image: "course-expert-nails",
    highlighted: 0,
    sort_order: 3,
    editions: {
      monthsAhead: [2, 6],
      lastDayOffset: 18,
      schedule: "Tres semanas, de lunes a viernes, 10:00–14:00",
      schedule_ca: "Tres setmanes, de dilluns a divendres, 10:00–14:00",
    },
  },
  {
    id: "iniciacion-acrilico",
    title: "Iniciación Acrílico Intensivo",
    title_ca: "Iniciació intensiva a l’acrílic",
    category: "intensivo",
    description:
      "Dos días intensivos, en un grupo muy reducido y con fechas a tu medida, para dominar el acrílico desde la primera perla hasta el acabado final.",
    description_ca:
      "Dos dies intensius, en un grup molt reduït i amb dates a la teva mida, per dominar l’acrílic des de la primera perla fins a l’acabat final.",
    price_cents: 32900,
    original_price_cents: 42000,
    duration: "2 días personalizados",
    duration_ca: "2 dies personalitzats",
    class_size: 6,
    level: "Intensivo",
    level_ca: "Intensiu",
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
    features_ca: [
      "Química de l’acrílic: monòmer, polímer i proporcions",
      "Control de la perla i maneig del pinzell",
      "Preparació de l’ungla natural per a l’acrílic",
      "Extensió amb tips i amb motlle",
      "Acrílic sobre ungla natural",
      "Llimada i acabat amb torn",
      "Francesa en acrílic rosa i blanc",
      "Reomplert i retirada segura",
      "Grup de 6 alumnes amb atenció personalitzada",
      "Materials inclosos i certificat de l’acadèmia",
    ],
    image: "course-iniciacion-acrilico",
    highlighted: 1,
    sort_order: 4,
    editions: {
      monthsAhead: [2, 4, 6],
      lastDayOffset: 1,
      schedule: "Lunes y martes, 10:00–18:00",
      schedule_ca: "Dilluns i dimarts, 10:00–18:00",
    },
  },
];

export interface PlannedEdition {
  id: string;
  course_id: string;
  starts_on: string;
  ends_on: string;
  seats: number;
  schedule: string;
  schedule_ca: string;
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
      schedule_ca: course.editions.schedule_ca,
    };
  });
}

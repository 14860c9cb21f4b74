import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The four courses of the old site and their first editions (convocatorias).
 * The old site's dates (2025) are past, so editions start in early 2027.
 * Prices are cents; features are a JSON array of ten lines each.
 */
export const seedCourses = [
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
    rating: 4.9,
    reviews: 128,
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
    rating: 4.8,
    reviews: 86,
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
    rating: 4.9,
    reviews: 54,
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
    rating: 5,
    reviews: 37,
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
  },
] as const;

/** Stable ids so orders and tests can refer to an edition; seats equal the class size. */
export const seedEditions = [
  {
    id: "formacion-inicio-2027-02",
    course_id: "formacion-inicio",
    starts_on: "2027-02-08",
    ends_on: "2027-02-12",
    seats: 15,
  },
  {
    id: "formacion-inicio-2027-04",
    course_id: "formacion-inicio",
    starts_on: "2027-04-12",
    ends_on: "2027-04-16",
    seats: 15,
  },
  {
    id: "formacion-inicio-2027-06",
    course_id: "formacion-inicio",
    starts_on: "2027-06-07",
    ends_on: "2027-06-11",
    seats: 15,
  },
  {
    id: "tecnico-manicurista-2027-02",
    course_id: "tecnico-manicurista",
    starts_on: "2027-02-22",
    ends_on: "2027-03-05",
    seats: 12,
  },
  {
    id: "tecnico-manicurista-2027-05",
    course_id: "tecnico-manicurista",
    starts_on: "2027-05-10",
    ends_on: "2027-05-21",
    seats: 12,
  },
  { id: "expert-nails-2027-03", course_id: "expert-nails", starts_on: "2027-03-01", ends_on: "2027-03-19", seats: 8 },
  { id: "expert-nails-2027-09", course_id: "expert-nails", starts_on: "2027-09-13", ends_on: "2027-10-01", seats: 8 },
  {
    id: "iniciacion-acrilico-2027-01",
    course_id: "iniciacion-acrilico",
    starts_on: "2027-01-22",
    ends_on: "2027-01-23",
    seats: 6,
  },
  {
    id: "iniciacion-acrilico-2027-03",
    course_id: "iniciacion-acrilico",
    starts_on: "2027-03-19",
    ends_on: "2027-03-20",
    seats: 6,
  },
  {
    id: "iniciacion-acrilico-2027-05",
    course_id: "iniciacion-acrilico",
    starts_on: "2027-05-14",
    ends_on: "2027-05-15",
    seats: 6,
  },
] as const;

export const catalogueSeed: Migration = {
  async up(db: Kysely<unknown>) {
    // Kysely<unknown> in migrations: the schema type may change after this point.
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    await anyDb
      .insertInto("courses")
      .values(seedCourses.map((c) => ({ ...c, features: JSON.stringify(c.features), active: 1 })))
      .execute();
    await anyDb
      .insertInto("course_editions")
      .values(seedEditions.map((e) => ({ ...e, seats_taken: 0, status: "open" })))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    const ids = seedCourses.map((c) => c.id);
    await anyDb.deleteFrom("course_editions").where("course_id", "in", ids).execute();
    await anyDb.deleteFrom("courses").where("id", "in", ids).execute();
  },
};

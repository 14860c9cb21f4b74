import type { ImageName } from "~/content/image-names.ts";
import { site } from "./site.ts";

/** The founder block of /equipo. */
export const founder = {
  name: site.founder.name,
  role: "Fundadora y formadora principal",
  /** Her row in `professionals` (app/db/seed-salon.server.ts): a portrait uploaded in Gestión → Fotos replaces the card. */
  professionalId: "alejandra",
  image: "founder" as ImageName,
  alt: `Tarjeta con el monograma de ${site.founder.name}, fundadora de ${site.name}: sus iniciales, un pincel fino y una uña ciruela con pan de oro`,
  experience: `Más de ${site.founder.yearsExperience.replace("+", "")} años de experiencia`,
  description: [
    `${site.founder.name} abrió ${site.name} con una idea sencilla: que cada clienta salga del salón sintiéndose cuidada y con unas uñas que duren. Empezó atendiendo en una mesa junto a la ventana y hoy dirige un equipo de cinco profesionales y una academia por la que han pasado cientos de alumnas.`,
    "Le encanta enseñar. En sus formaciones explica cada paso con paciencia, corrige la postura de la mano y comparte los trucos que solo da la experiencia.",
  ],
  specialties: [
    "Uñas esculpidas en acrílico y gel",
    "Nail art y diseños a mano alzada",
    "Manicura rusa y cuidado de cutícula",
    "Formación de técnicas de uñas",
  ],
  certifications: [
    "Técnica superior en manicura y pedicura",
    "Certificación internacional en uñas esculpidas",
    "Formadora acreditada en nail art",
    "Curso de higiene y esterilización en estética",
  ],
} as const;

interface TeamMember {
  /** Their row in `professionals` (app/db/seed-salon.server.ts): a portrait uploaded in Gestión → Fotos replaces the card. */
  professionalId: string;
  name: string;
  role: string;
  image: ImageName;
  alt: string;
  specialties: readonly string[];
  /** A specialty shown with a badge: what the salon is known for. */
  highlight?: string;
}

export const teamMembers: readonly TeamMember[] = [
  {
    professionalId: "laura",
    name: "Laura Martínez",
    role: "Técnica de uñas sénior",
    image: "team-1",
    alt: "Tarjeta con el monograma de Laura Martínez, técnica de uñas: sus iniciales, una uña francesa, otra baby boomer y un esmalte",
    specialties: ["Manicura semipermanente", "Uñas de gel", "Francesa y baby boomer"],
  },
  {
    professionalId: "sofia",
    name: "Sofía Romero",
    role: "Artista de nail art",
    image: "team-2",
    alt: "Tarjeta con el monograma de Sofía Romero, artista de nail art: sus iniciales, un pincel fino y una uña con flores pintadas",
    specialties: ["Diseños personalizados", "Efecto espejo y cromados", "Pedrería y encapsulados"],
    highlight: "Decoración de uñas a mano alzada",
  },
  {
    professionalId: "marta",
    name: "Marta Vidal",
    role: "Especialista en pedicura",
    image: "team-3",
    alt: "Tarjeta con el monograma de Marta Vidal, especialista en pedicura: sus iniciales, cantos rodados y una flor",
    specialties: ["Pedicura completa", "Cuidado de durezas", "Masaje de pies y piernas"],
  },
  {
    professionalId: "carla",
    name: "Carla Sánchez",
    role: "Esteticista facial",
    image: "team-4",
    alt: "Tarjeta con el monograma de Carla Sánchez, esteticista facial: sus iniciales, un sérum con cuentagotas y eucalipto",
    specialties: ["Limpieza facial profunda", "Hidratación y luminosidad", "Diseño de cejas"],
  },
  {
    professionalId: "paula",
    name: "Paula Ortega",
    role: "Técnica de uñas y formadora",
    image: "team-5",
    alt: "Tarjeta con el monograma de Paula Ortega, técnica de uñas y formadora: sus iniciales, una tip de práctica y un pincel de acrílico",
    specialties: ["Uñas esculpidas en acrílico", "Manicura rusa", "Apoyo en la academia"],
  },
];

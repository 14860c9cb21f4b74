/**
 * The people of /equipo. The facts (who, which portrait, which row in
 * `professionals`) live here; every word about them (role, bio, specialties,
 * the cards' alt texts) is in the catalogues under "team.*", so each language
 * reads its own and a page ships only its language (issue 34). The fields
 * ending in `Key` name those messages.
 */
import type { ImageName } from "~/content/image-names.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { site } from "./site.ts";

interface Founder {
  name: string;
  professionalId: string;
  image: ImageName;
  roleKey: MessageKey;
  /** Values: {name} (hers), {salon}. */
  altKey: MessageKey;
  /** Values: {years}. */
  experienceKey: MessageKey;
  /** Values: {name}, {salon}. */
  descriptionKeys: readonly MessageKey[];
  specialtyKeys: readonly MessageKey[];
  certificationKeys: readonly MessageKey[];
}

/** The founder block of /equipo. */
export const founder: Founder = {
  name: site.founder.name,
  /** Her row in `professionals` (app/db/seed-salon.server.ts): a portrait uploaded in Gestión → Fotos replaces the card. */
  professionalId: "alejandra",
  image: "founder",
  roleKey: "team.founder.role",
  altKey: "team.founder.alt",
  experienceKey: "team.founder.experience",
  descriptionKeys: ["team.founder.description.origin", "team.founder.description.teaching"],
  specialtyKeys: [
    "team.founder.specialties.sculpted",
    "team.founder.specialties.nailArt",
    "team.founder.specialties.russianManicure",
    "team.founder.specialties.training",
  ],
  certificationKeys: [
    "team.founder.certifications.technician",
    "team.founder.certifications.sculpted",
    "team.founder.certifications.nailArtTrainer",
    "team.founder.certifications.hygiene",
  ],
};

interface TeamMember {
  /** Their row in `professionals` (app/db/seed-salon.server.ts): a portrait uploaded in Gestión → Fotos replaces the card. */
  professionalId: string;
  name: string;
  roleKey: MessageKey;
  image: ImageName;
  altKey: MessageKey;
  specialtyKeys: readonly MessageKey[];
  /** A specialty shown with a badge: what the salon is known for. */
  highlightKey?: MessageKey;
}

export const teamMembers: readonly TeamMember[] = [
  {
    professionalId: "laura",
    name: "Laura Martínez",
    roleKey: "team.members.laura.role",
    image: "team-1",
    altKey: "team.members.laura.alt",
    specialtyKeys: [
      "team.members.laura.specialties.semipermanent",
      "team.members.laura.specialties.gel",
      "team.members.laura.specialties.frenchBabyBoomer",
    ],
  },
  {
    professionalId: "sofia",
    name: "Sofía Romero",
    roleKey: "team.members.sofia.role",
    image: "team-2",
    altKey: "team.members.sofia.alt",
    specialtyKeys: [
      "team.members.sofia.specialties.customDesigns",
      "team.members.sofia.specialties.mirrorChrome",
      "team.members.sofia.specialties.rhinestones",
    ],
    highlightKey: "team.members.sofia.highlight",
  },
  {
    professionalId: "marta",
    name: "Marta Vidal",
    roleKey: "team.members.marta.role",
    image: "team-3",
    altKey: "team.members.marta.alt",
    specialtyKeys: [
      "team.members.marta.specialties.fullPedicure",
      "team.members.marta.specialties.calluses",
      "team.members.marta.specialties.massage",
    ],
  },
  {
    professionalId: "carla",
    name: "Carla Sánchez",
    roleKey: "team.members.carla.role",
    image: "team-4",
    altKey: "team.members.carla.alt",
    specialtyKeys: [
      "team.members.carla.specialties.deepCleansing",
      "team.members.carla.specialties.hydration",
      "team.members.carla.specialties.brows",
    ],
  },
  {
    professionalId: "paula",
    name: "Paula Ortega",
    roleKey: "team.members.paula.role",
    image: "team-5",
    altKey: "team.members.paula.alt",
    specialtyKeys: [
      "team.members.paula.specialties.acrylic",
      "team.members.paula.specialties.russianManicure",
      "team.members.paula.specialties.academy",
    ],
  },
];

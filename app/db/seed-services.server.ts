/**
 * The starting service menu (issue 15), in Spanish and in Catalan (issue 34:
 * Generalitat style, TERMCAT terms), which app/db/seed-salon.server.ts inserts.
 * Data only. PENDIENTE DE REVISAR por la propietaria: names, durations and
 * prices are a plausible starting point for a nail salon, not the salon's own.
 */

export interface SeedService {
  id: string;
  name: string;
  /** The name and description in Catalan (issue 34), as the Catalan pages and the assistant say them. */
  nameCa: string;
  category: "manos" | "pies" | "facial" | "diseno";
  description: string;
  descriptionCa: string;
  durationMin: number;
  bufferMin: number;
  priceCents: number;
  priceFrom: boolean;
  /** The señal asked when booking it online; absent for none. */
  depositCents?: number;
}

/** In the menu's order, which is also the order of services booked in a row (a removal before a new set). */
export const seedServices: readonly SeedService[] = [
  {
    id: "retirada",
    name: "Retirada de semipermanente o gel",
    nameCa: "Retirada de semipermanent o gel",
    category: "manos",
    description: "Retirada cuidadosa sin dañar la uña natural. Resérvala antes de un nuevo servicio.",
    descriptionCa: "Retirada acurada sense malmetre l’ungla natural. Reserva-la abans d’un servei nou.",
    durationMin: 20,
    bufferMin: 0,
    priceCents: 800,
    priceFrom: false,
  },
  {
    id: "manicura",
    name: "Manicura clásica",
    nameCa: "Manicura clàssica",
    category: "manos",
    description: "Limado, cutículas, hidratación y esmaltado tradicional.",
    descriptionCa: "Llimada, cutícules, hidratació i esmaltat tradicional.",
    durationMin: 40,
    bufferMin: 5,
    priceCents: 1800,
    priceFrom: false,
  },
  {
    id: "semipermanente",
    name: "Manicura semipermanente",
    nameCa: "Manicura semipermanent",
    category: "manos",
    description: "Manicura completa con esmalte semipermanente que dura hasta tres semanas.",
    descriptionCa: "Manicura completa amb esmalt semipermanent que dura fins a tres setmanes.",
    durationMin: 60,
    bufferMin: 10,
    priceCents: 2500,
    priceFrom: false,
  },
  {
    id: "unas-gel",
    name: "Uñas de gel (nuevo set)",
    nameCa: "Ungles de gel (joc nou)",
    category: "diseno",
    description: "Extensión o refuerzo con gel, forma y largo a tu gusto.",
    descriptionCa: "Extensió o reforç amb gel, amb la forma i la llargada que vulguis.",
    durationMin: 90,
    bufferMin: 10,
    priceCents: 4000,
    priceFrom: true,
  },
  {
    id: "acrilico",
    name: "Uñas de acrílico (nuevo set)",
    nameCa: "Ungles acríliques (joc nou)",
    category: "diseno",
    description: "Uñas esculpidas en acrílico, resistentes y naturales.",
    descriptionCa: "Ungles esculpides en acrílic, resistents i naturals.",
    durationMin: 105,
    bufferMin: 10,
    priceCents: 4500,
    priceFrom: true,
    // The longest appointment of the menu: an empty chair for almost two hours if she does not come.
    depositCents: 1500,
  },
  {
    id: "relleno",
    name: "Relleno de gel o acrílico",
    nameCa: "Reomplert de gel o acrílic",
    category: "diseno",
    description: "Mantenimiento de tus uñas de gel o acrílico cada tres o cuatro semanas.",
    descriptionCa: "Manteniment de les teves ungles de gel o acrílic cada tres o quatre setmanes.",
    durationMin: 75,
    bufferMin: 10,
    priceCents: 3200,
    priceFrom: false,
  },
  {
    id: "nail-art",
    name: "Nail art (decoración)",
    nameCa: "Nail art (decoració)",
    category: "diseno",
    description: "Diseños a mano alzada, cromados, pedrería o encapsulados sobre tu manicura.",
    descriptionCa: "Dissenys a mà alçada, cromats, pedreria o encapsulats sobre la teva manicura.",
    durationMin: 20,
    bufferMin: 0,
    priceCents: 500,
    priceFrom: true,
  },
  {
    id: "pedicura",
    name: "Pedicura completa",
    nameCa: "Pedicura completa",
    category: "pies",
    description: "Baño, durezas, cutículas, masaje y esmaltado.",
    descriptionCa: "Bany, durícies, cutícules, massatge i esmaltat.",
    durationMin: 60,
    bufferMin: 10,
    priceCents: 3000,
    priceFrom: false,
  },
  {
    id: "pedicura-semipermanente",
    name: "Pedicura con semipermanente",
    nameCa: "Pedicura amb semipermanent",
    category: "pies",
    description: "Pedicura completa con esmalte semipermanente.",
    descriptionCa: "Pedicura completa amb esmalt semipermanent.",
    durationMin: 75,
    bufferMin: 10,
    priceCents: 3800,
    priceFrom: false,
  },
  {
    id: "limpieza-facial",
    name: "Limpieza facial profunda",
    nameCa: "Neteja facial profunda",
    category: "facial",
    description: "Limpieza, extracción, mascarilla e hidratación según tu tipo de piel.",
    descriptionCa: "Neteja, extracció, mascareta i hidratació segons el teu tipus de pell.",
    durationMin: 60,
    bufferMin: 10,
    priceCents: 4500,
    priceFrom: false,
  },
  {
    id: "facial-hidratante",
    name: "Tratamiento facial hidratante",
    nameCa: "Tractament facial hidratant",
    category: "facial",
    description: "Hidratación intensa y luminosidad para pieles apagadas o secas.",
    descriptionCa: "Hidratació intensa i lluminositat per a pells apagades o seques.",
    durationMin: 50,
    bufferMin: 10,
    priceCents: 4000,
    priceFrom: false,
  },
  {
    id: "cejas",
    name: "Diseño de cejas",
    nameCa: "Disseny de celles",
    category: "facial",
    description: "Depilación y diseño de cejas según la forma de tu rostro.",
    descriptionCa: "Depilació i disseny de celles segons la forma de la teva cara.",
    durationMin: 20,
    bufferMin: 5,
    priceCents: 1200,
    priceFrom: false,
  },
];

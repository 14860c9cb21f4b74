import type { ImageName } from "~/content/image-names.ts";

/** A work photo in the home gallery: image, Spanish alt text and caption title. */
export interface GalleryImage {
  name: ImageName;
  title: string;
  alt: string;
}

export const galleryImages: readonly GalleryImage[] = [
  {
    name: "gallery-01",
    title: "Francesa clásica",
    alt: "Manicura francesa clásica con la punta blanca sobre base rosada natural",
  },
  {
    name: "gallery-02",
    title: "Flores a mano alzada",
    alt: "Uñas en tono nude decoradas con pequeñas flores pintadas a mano alzada",
  },
  {
    name: "gallery-03",
    title: "Semipermanente en burdeos",
    alt: "Manicura semipermanente en color burdeos intenso con acabado brillante",
  },
  {
    name: "gallery-04",
    title: "Baby boomer",
    alt: "Uñas baby boomer con degradado suave del blanco al rosa",
  },
  {
    name: "gallery-05",
    title: "Detalles dorados",
    alt: "Diseño geométrico con líneas finas doradas sobre esmalte rosa empolvado",
  },
  {
    name: "gallery-06",
    title: "Esculpidas en acrílico",
    alt: "Uñas largas esculpidas en acrílico con forma almendrada y color malva",
  },
  {
    name: "gallery-07",
    title: "Efecto espejo",
    alt: "Uñas con efecto espejo cromado en tono champán",
  },
  {
    name: "gallery-08",
    title: "Pedicura con color",
    alt: "Pies tras una pedicura completa con esmalte coral en las uñas",
  },
];

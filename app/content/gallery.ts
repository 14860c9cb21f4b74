import type { ImageEntry, ImageName } from "~/content/image-names.ts";

/** A picture in the home gallery: artwork or an uploaded photo, Spanish alt text and caption title. */
export interface GalleryImage {
  name: ImageName | ImageEntry;
  title: string;
  alt: string;
}

export const galleryImages: readonly GalleryImage[] = [
  {
    name: "gallery-01",
    title: "Francesa clásica",
    alt: "Ilustración de cinco uñas ovaladas con manicura francesa clásica: punta blanca sobre base rosada natural",
  },
  {
    name: "gallery-02",
    title: "Flores a mano alzada",
    alt: "Ilustración de uñas en tono nude, dos de ellas con pequeñas flores blancas y rosas pintadas a mano alzada",
  },
  {
    name: "gallery-03",
    title: "Semipermanente en burdeos",
    alt: "Ilustración de uñas almendradas en burdeos intenso con acabado brillante, junto a su esmalte",
  },
  {
    name: "gallery-04",
    title: "Baby boomer",
    alt: "Ilustración de uñas cuadradas baby boomer con degradado suave del rosa al blanco",
  },
  {
    name: "gallery-05",
    title: "Detalles dorados",
    alt: "Ilustración de uñas en rosa empolvado, dos con líneas finas doradas geométricas",
  },
  {
    name: "gallery-06",
    title: "Esculpidas en acrílico",
    alt: "Ilustración de uñas largas esculpidas con forma almendrada en color malva",
  },
  {
    name: "gallery-07",
    title: "Efecto espejo",
    alt: "Ilustración de uñas almendradas con efecto espejo cromado en tono champán",
  },
  {
    name: "gallery-08",
    title: "Pedicura con color",
    alt: "Ilustración de las uñas de un pie pintadas en coral, con su esmalte, cantos rodados y flores",
  },
];

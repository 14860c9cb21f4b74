import type { ImageEntry, ImageName } from "~/content/image-names.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** A picture in the home gallery: artwork or an uploaded photo, with its alt text and caption title. */
export interface GalleryImage {
  name: ImageName | ImageEntry;
  title: string;
  alt: string;
}

/** The artwork shown while no photo is uploaded; its words live in the catalogue (home.gallery.artwork.*). */
const artwork: readonly { name: ImageName; title: MessageKey; alt: MessageKey }[] = [
  {
    name: "gallery-01",
    title: "home.gallery.artwork.frenchClassic.title",
    alt: "home.gallery.artwork.frenchClassic.alt",
  },
  {
    name: "gallery-02",
    title: "home.gallery.artwork.freehandFlowers.title",
    alt: "home.gallery.artwork.freehandFlowers.alt",
  },
  { name: "gallery-03", title: "home.gallery.artwork.burgundyGel.title", alt: "home.gallery.artwork.burgundyGel.alt" },
  { name: "gallery-04", title: "home.gallery.artwork.babyBoomer.title", alt: "home.gallery.artwork.babyBoomer.alt" },
  { name: "gallery-05", title: "home.gallery.artwork.goldDetails.title", alt: "home.gallery.artwork.goldDetails.alt" },
  {
    name: "gallery-06",
    title: "home.gallery.artwork.acrylicSculpted.title",
    alt: "home.gallery.artwork.acrylicSculpted.alt",
  },
  {
    name: "gallery-07",
    title: "home.gallery.artwork.mirrorEffect.title",
    alt: "home.gallery.artwork.mirrorEffect.alt",
  },
  {
    name: "gallery-08",
    title: "home.gallery.artwork.colourPedicure.title",
    alt: "home.gallery.artwork.colourPedicure.alt",
  },
];

/** The artwork gallery in the page's language. */
export function galleryImages(t: Translate): GalleryImage[] {
  return artwork.map((a) => ({ name: a.name, title: t(a.title), alt: t(a.alt) }));
}

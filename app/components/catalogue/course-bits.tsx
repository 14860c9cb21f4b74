// Small pieces shared by the course list, the course page and the cart.
import type { ImageSource } from "~/components/picture.tsx";
import { IMAGE_NAMES, type ImageName } from "~/content/image-names.ts";
import { site } from "~/content/site.ts";
import { uploadedImageEntry } from "~/domain/course-image.ts";

/**
 * The course's picture: a photo uploaded from the back office, the build-time
 * artwork of that name, or the generic courses picture for anything unknown.
 */
export function courseImageName(image: string): ImageSource {
  const uploaded = uploadedImageEntry(image);
  if (uploaded) return uploaded;
  return (IMAGE_NAMES as readonly string[]).includes(image) ? (image as ImageName) : "service-formaciones";
}

/** wa.me link with a Spanish message naming the course. */
function courseWhatsAppLink(title: string): string {
  return site.whatsapp.link(`¡Hola, ${site.name}! Me gustaría recibir más información sobre el curso «${title}».`);
}

export function MoreInfoLink({ title, className = "btn btn--outline" }: { title: string; className?: string }) {
  return (
    <a className={className} href={courseWhatsAppLink(title)} target="_blank" rel="noopener noreferrer">
      Más Info<span className="visually-hidden"> sobre {title} por WhatsApp (se abre en una pestaña nueva)</span>
    </a>
  );
}

// Small pieces shared by the course list, the course page and the cart.
import { IMAGE_NAMES, type ImageName } from "~/content/image-names.ts";
import { site } from "~/content/site.ts";

/** The course's artwork name, or the generic courses picture for an unknown name. */
export function courseImageName(image: string): ImageName {
  return (IMAGE_NAMES as readonly string[]).includes(image) ? (image as ImageName) : "service-formaciones";
}

const ratingFormat = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 4.9 → "4,9". */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}

/** Five stars (decorative) plus the rating and review count as text. */
export function Stars({ rating, reviews }: { rating: number; reviews?: number }) {
  const full = Math.round(rating);
  return (
    <p className="stars">
      <span className="stars__icons" aria-hidden="true">
        {"★".repeat(full)}
        <span className="stars__empty">{"★".repeat(5 - full)}</span>
      </span>
      <span className="visually-hidden">Valoración </span>
      <span className="stars__value">{formatRating(rating)}</span>
      <span className="visually-hidden"> de 5</span>
      {reviews !== undefined ? <span className="stars__count"> ({reviews} reseñas)</span> : null}
    </p>
  );
}

/** wa.me link with a Spanish message naming the course. */
export function courseWhatsAppLink(title: string): string {
  return site.whatsapp.link(`¡Hola, ${site.name}! Me gustaría recibir más información sobre el curso «${title}».`);
}

export function MoreInfoLink({ title, className = "btn btn--outline" }: { title: string; className?: string }) {
  return (
    <a className={className} href={courseWhatsAppLink(title)} target="_blank" rel="noopener noreferrer">
      Más Info<span className="visually-hidden"> sobre {title} por WhatsApp (se abre en una pestaña nueva)</span>
    </a>
  );
}

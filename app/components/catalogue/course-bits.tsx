// Small pieces shared by the course list, the course page and the cart.
import { Link } from "react-router";
import type { ImageSource } from "~/components/picture.tsx";
import { IMAGE_NAMES, type ImageName } from "~/content/image-names.ts";
import { uploadedImageEntry } from "~/domain/course-image.ts";
import { useT } from "~/i18n/react.tsx";

/**
 * The course's picture: a photo uploaded from the back office, the build-time
 * artwork of that name, or the generic courses picture for anything unknown.
 */
export function courseImageName(image: string): ImageSource {
  const uploaded = uploadedImageEntry(image);
  if (uploaded) return uploaded;
  return (IMAGE_NAMES as readonly string[]).includes(image) ? (image as ImageName) : "service-formaciones";
}

/** "Más información": the course's own page (its dates, programme and price), not a chat. */
export function MoreInfoLink({ title, to }: { title: string; to: string }) {
  const t = useT();
  return (
    <Link className="btn btn--outline" to={to}>
      {t("catalogue.card.moreInfo")}
      <span className="visually-hidden">{t("catalogue.card.moreInfoAbout", { title })}</span>
    </Link>
  );
}

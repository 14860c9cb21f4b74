import type { ReactNode } from "react";
import { Link } from "react-router";
import { site } from "~/content/site.ts";
import type { LineEdition } from "~/domain/cart.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { editionDatesIn } from "../orders/order-text.ts";
import { coursePath } from "./course-jsonld.ts";

/** The id of the course page's section where the edition is chosen (the one place it is). */
export const EDITION_CHOICE_ANCHOR = "convocatorias";

/** The course page, at its choice of edition: where every "Cambiar fecha" leads. */
export function editionChoicePath(courseId: string): string {
  return `${coursePath(courseId)}#${EDITION_CHOICE_ANCHOR}`;
}

const hidden = (c: ReactNode) => <span className="visually-hidden">{c}</span>;

/**
 * A cart or checkout line's edition, as chosen on the course page: its dates,
 * schedule and place, with a link back to that page to change it. A chosen
 * edition that can no longer be booked, or a course whose editions are all
 * full, says so and links to the course page to choose another. The words come
 * from the "orders" namespace (the cart's and the checkout's loaders send it).
 */
export function ChosenEdition({
  course,
  line,
  className = "chosen-edition",
}: {
  course: { id: string; title: string };
  line: LineEdition;
  className?: string;
}) {
  const t = useT();
  const href = useLocalHref();
  // Each label names its course for screen readers: a cart lists several.
  const named = (k: MessageKey) => <Rich t={t} k={k} values={{ title: course.title }} tags={{ hidden }} />;
  const back = (k: MessageKey) => (
    <Link to={href(editionChoicePath(course.id))} className="chosen-edition__change">
      {named(k)}
    </Link>
  );
  switch (line.kind) {
    case "chosen": {
      const { edition } = line;
      return (
        <div className={className}>
          <dl className="chosen-edition__facts">
            <div>
              <dt>{named("orders.edition.label")}</dt>
              <dd>{editionDatesIn(t, edition.startsOn, edition.endsOn)}</dd>
            </div>
            {edition.schedule ? (
              <div>
                <dt>{t("orders.edition.schedule")}</dt>
                <dd>{edition.schedule}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t("orders.edition.place")}</dt>
              <dd>{site.address.full}</dd>
            </div>
          </dl>
          {back("orders.edition.change")}
        </div>
      );
    }
    case "unavailable":
      return (
        <div className={`${className} chosen-edition--problem`}>
          <p className="chosen-edition__problem">{t("orders.edition.unavailable")}</p>
          {back("orders.edition.chooseOther")}
        </div>
      );
    case "sold-out":
      return (
        <div className={`${className} chosen-edition--problem`}>
          <p className="chosen-edition__problem">{t("orders.edition.soldOut")}</p>
          {back("orders.edition.seeEditions")}
        </div>
      );
    case "undated":
      return (
        <div className={className}>
          <p>{t("orders.edition.undatedNotice")}</p>
        </div>
      );
  }
}

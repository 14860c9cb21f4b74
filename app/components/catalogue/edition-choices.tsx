import type { CourseEdition } from "~/domain/course.ts";
import { isBookable } from "~/domain/course.ts";
import { formatWeekdayDate } from "~/domain/pricing.ts";
import type { Translate } from "~/i18n/messages.ts";
import { Rich, useLocale, useT } from "~/i18n/react.tsx";
import { unavailableText } from "./course-text.ts";

// The words come from the "catalogue" namespace (the course page sends it).
export function EditionDates({ edition }: { edition: Pick<CourseEdition, "startsOn" | "endsOn"> }) {
  const t = useT();
  const locale = useLocale();
  const { startsOn, endsOn } = edition;
  return endsOn && endsOn !== startsOn ? (
    <Rich
      t={t}
      k="catalogue.edition.range"
      values={{ start: formatWeekdayDate(startsOn, locale), end: formatWeekdayDate(endsOn, locale) }}
      tags={{
        // Not "end": the ICU parser keeps that word for the end of a message.
        from: (c) => <time dateTime={startsOn}>{c}</time>,
        to: (c) => <time dateTime={endsOn}>{c}</time>,
      }}
    />
  ) : (
    <time dateTime={startsOn}>{formatWeekdayDate(startsOn, locale)}</time>
  );
}

function seatsText(t: Translate, edition: Pick<CourseEdition, "seats" | "seatsLeft" | "status">): string {
  const unavailable = unavailableText(t, edition);
  if (unavailable) return unavailable;
  if (edition.seatsLeft === 1) return t("catalogue.edition.oneSeat");
  return t("catalogue.edition.seatsLeft", { left: edition.seatsLeft, seats: edition.seats });
}

/** The edition preselected: the one asked for if it can be chosen, else the next bookable one. */
export function defaultEditionId(editions: readonly CourseEdition[], wanted?: string | null): string | null {
  const bookable = editions.filter(isBookable);
  return bookable.find((e) => e.id === wanted)?.id ?? bookable[0]?.id ?? null;
}

/**
 * One radio button per upcoming edition (dates, schedule, seats left), on the
 * course page: the one place the edition is chosen (the cart and checkout show
 * it, see chosen-edition.tsx). Full or closed editions are listed but cannot be
 * chosen. `form` ties the radios, named "edition", to a form elsewhere on the
 * page, so they work without JavaScript.
 */
export function EditionChoices({
  editions,
  selected,
  legend,
  form,
}: {
  editions: readonly CourseEdition[];
  selected: string | null;
  legend: string;
  form?: string;
}) {
  const name = "edition";
  const t = useT();
  return (
    <fieldset className="edition-choices">
      <legend>{legend}</legend>
      <ul className="editions">
        {editions.map((edition) => {
          const bookable = isBookable(edition);
          const id = `${name}-${edition.id}`;
          return (
            <li key={edition.id} className={`edition${bookable ? "" : " edition--unavailable"}`}>
              <input
                type="radio"
                id={id}
                name={name}
                value={edition.id}
                form={form}
                defaultChecked={edition.id === selected}
                disabled={!bookable}
                aria-describedby={`${id}-seats`}
              />
              <label htmlFor={id} className="edition__text">
                <span className="edition__dates">
                  <EditionDates edition={edition} />
                </span>
                {edition.schedule ? (
                  <span className="edition__schedule">
                    {t("catalogue.edition.schedule", { schedule: edition.schedule })}
                  </span>
                ) : null}
              </label>
              <p id={`${id}-seats`} className={bookable ? "edition__seats" : "edition__full"}>
                {seatsText(t, edition)}
              </p>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

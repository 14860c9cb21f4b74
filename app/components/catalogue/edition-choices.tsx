import type { CourseEdition } from "~/domain/course.ts";
import { isBookable, unavailableLabel } from "~/domain/course.ts";
import { formatWeekdayDate } from "~/domain/pricing.ts";

export function EditionDates({ edition }: { edition: Pick<CourseEdition, "startsOn" | "endsOn"> }) {
  return edition.endsOn && edition.endsOn !== edition.startsOn ? (
    <>
      Del <time dateTime={edition.startsOn}>{formatWeekdayDate(edition.startsOn)}</time> al{" "}
      <time dateTime={edition.endsOn}>{formatWeekdayDate(edition.endsOn)}</time>
    </>
  ) : (
    <time dateTime={edition.startsOn}>{formatWeekdayDate(edition.startsOn)}</time>
  );
}

function seatsText(edition: Pick<CourseEdition, "seats" | "seatsLeft" | "status">): string {
  const unavailable = unavailableLabel(edition);
  if (unavailable) return unavailable;
  if (edition.seatsLeft === 1) return "Queda 1 plaza";
  return `Quedan ${edition.seatsLeft} plazas de ${edition.seats}`;
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
                {edition.schedule ? <span className="edition__schedule">{`Horario: ${edition.schedule}`}</span> : null}
              </label>
              <p id={`${id}-seats`} className={bookable ? "edition__seats" : "edition__full"}>
                {seatsText(edition)}
              </p>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

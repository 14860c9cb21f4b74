import { UNDATED_EDITION_NOTICE } from "./edition-dates.ts";
import { formatLongDate } from "./pricing.ts";

/**
 * Where an in-person course stands for its student, from the booked edition's
 * dates (YYYY-MM-DD) and today's date in Madrid. This replaces a progress
 * percentage that nothing ever measured: attendance happens in the classroom.
 */
type EnrollmentStage = "unscheduled" | "upcoming" | "in-progress" | "finished";

export function enrollmentStage(startsOn: string | null, endsOn: string | null, today: string): EnrollmentStage {
  if (!startsOn) return "unscheduled";
  if (today < startsOn) return "upcoming";
  if (today <= (endsOn ?? startsOn)) return "in-progress";
  return "finished";
}

/** Spanish text of the stage: "Empieza el 9 de febrero de 2027", "En curso"… */
export function enrollmentStageText(stage: EnrollmentStage, startsOn: string | null): string {
  switch (stage) {
    case "unscheduled":
      return UNDATED_EDITION_NOTICE;
    case "upcoming":
      return `Empieza el ${formatLongDate(startsOn!)}`;
    case "in-progress":
      return "En curso";
    case "finished":
      return "Finalizado";
  }
}

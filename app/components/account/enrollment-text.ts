/**
 * Where an enrolment stands, as Mis cursos and the profile write it, with the
 * words of the "account" and "orders" namespaces (issue 34). The rule is
 * app/domain/enrollment-stage.ts's (whose Spanish text the data export keeps).
 */
import { enrollmentStage } from "~/domain/enrollment-stage.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import type { Translate } from "~/i18n/messages.ts";

/**
 * "Empieza el 9 de febrero de 2027" ("Comença el 9 de febrer de 2027"), "En
 * curso", "Finalizado", or that the date is still to be confirmed. Dates are
 * YYYY-MM-DD; `today` is Madrid's.
 */
export function enrollmentStageIn(t: Translate, startsOn: string | null, endsOn: string | null, today: string): string {
  switch (enrollmentStage(startsOn, endsOn, today)) {
    case "unscheduled":
      return t("orders.edition.undatedNotice");
    case "upcoming":
      return t("account.courses.stage.upcoming", { date: formatLongDate(startsOn!, t.locale) });
    case "in-progress":
      return t("account.courses.stage.inProgress");
    case "finished":
      return t("account.courses.stage.finished");
  }
}

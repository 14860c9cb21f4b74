import type { RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/session.server.ts";
import { listCartCatalogue, todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import type { CatalogueCourse } from "~/domain/cart.ts";
import { withdrawalPeriodEnds } from "~/domain/withdrawal.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import type { Messages } from "~/i18n/messages.ts";
import { listEnrolledCourseIds } from "~/orders/queries.server.ts";

interface CartCatalogue {
  /** The live catalogue: cart rows are shown with these prices and editions, never the stored ones. */
  courses: CatalogueCourse[];
  /** Courses the signed-in buyer already has (dropped from the cart); empty for visitors. */
  enrolledCourseIds: string[];
  /** Editions starting on or before this date need the buyer's early-start request. */
  withdrawalEnds: string;
  /** The page's words, in its language. */
  messages: Messages;
}

export async function loadCartCatalogue(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CartCatalogue> {
  const { db } = getServices(context);
  const locale = localeOfRequest(request);
  const user = await getOptionalUser(request, context);
  const [courses, enrolledCourseIds] = await Promise.all([
    listCartCatalogue(db, { locale }),
    user ? listEnrolledCourseIds(db, user.id) : Promise.resolve([]),
  ]);
  return {
    courses,
    enrolledCourseIds,
    withdrawalEnds: withdrawalPeriodEnds(todayInMadrid()),
    messages: messagesFor(locale, ["cart", "orders"]),
  };
}

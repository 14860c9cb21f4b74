/**
 * /gestion/caja/cifras and its CSV: the counter's figures for a day, week or
 * month. The owner sees everyone's; a staff member sees only the professional
 * linked to her account (professionals.user_id), and a note when none is.
 */
import { data, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { figuresCsv } from "~/counter/figures.ts";
import {
  FIGURES_CSV_PATH,
  FIGURES_PATH,
  figuresPeriodQuery,
  parseFiguresPeriod,
  periodLinkable,
  type FiguresPeriod,
} from "~/counter/figures-period.ts";
import { figuresInput, loadCounterFigures, professionalOfUser, type FiguresScope } from "~/counter/figures.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { CSV_CONTENT_TYPE, csvFileName } from "~/lib/csv.ts";

type Ctx = Readonly<RouterContextProvider>;

function periodOf(request: Request, now: Date): FiguresPeriod {
  const parsed = parseFiguresPeriod(new URL(request.url).searchParams, madridDate(now));
  if (!parsed.ok) throw data(parsed.error, { status: 400 });
  return parsed.period;
}

/** Whose figures the signed-in person sees; `scope` null: a staff member not linked to a professional. */
async function viewerOf(context: Ctx) {
  const user = getUser(context);
  if (isOwnerRole(user.role)) return { isOwner: true, professional: null, scope: { all: true } as FiguresScope };
  const professional = await professionalOfUser(getServices(context).db, user.id);
  return {
    isOwner: false,
    professional,
    scope: professional ? ({ all: false, professionalId: professional.id } as FiguresScope) : null,
  };
}

const linkTo = (period: FiguresPeriod, date: string) =>
  periodLinkable(date) ? `${FIGURES_PATH}${figuresPeriodQuery(period.kind, date)}` : null;

/** GET /gestion/caja/cifras[?periodo=dia|semana|mes&fecha=YYYY-MM-DD] */
export async function loadFiguresPage(request: Request, context: Ctx, now = new Date()) {
  const period = periodOf(request, now);
  const viewer = await viewerOf(context);
  const figures = viewer.scope ? await loadCounterFigures(getServices(context).db, period, viewer.scope) : null;
  const query = figuresPeriodQuery(period.kind, period.from);
  return {
    period,
    today: madridDate(now),
    previousHref: linkTo(period, period.previous),
    nextHref: linkTo(period, period.next),
    csvHref: `${FIGURES_CSV_PATH}${query}`,
    isOwner: viewer.isOwner,
    professional: viewer.professional,
    figures,
  };
}

/** GET /gestion/caja/cifras.csv?<the screen's period>: one row per line sold or returned, for the gestor. */
export async function figuresCsvResponse(request: Request, context: Ctx, now = new Date()): Promise<Response> {
  const period = periodOf(request, now);
  const viewer = await viewerOf(context);
  if (!viewer.scope) throw data("Tu cuenta no está vinculada a ninguna profesional.", { status: 404 });
  const input = await figuresInput(getServices(context).db, period, viewer.scope);
  const who = viewer.professional ? `${viewer.professional.id} ` : "";
  return new Response(figuresCsv(input.lines, input.rates, input.names), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${csvFileName(`cifras caja ${who}${period.from} ${period.to}`)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

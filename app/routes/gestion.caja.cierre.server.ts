import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { formValues } from "~/auth/schemas.ts";
import { getUser, requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { DENOMINATIONS, MAX_TILL_CENTS, parseCountForm, TILL_NOTE_MAX, TILL_REASON_MAX } from "~/counter/cash-count.ts";
import {
  addMovement,
  CashDayError,
  closeDay,
  currentCashDay,
  dayState,
  openDay,
  reopenDay,
  zReport,
} from "~/counter/cash-day.server.ts";
import { addDays, madridDateTimeText, madridWallClock } from "~/domain/calendar-dates.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { formatEuros, formatWeekdayDate } from "~/domain/pricing.ts";
import { isDate } from "~/domain/salon-time.ts";
import { parseEuros } from "~/domain/euros.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const PATH = "/gestion/caja/cierre";

export interface CashCloseActionData {
  intent: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const NOTICES = {
  abierta: "Caja abierta.",
  movimiento: "Movimiento anotado.",
  cerrada: "Caja cerrada. Este es el informe Z del día.",
  reabierta: "Caja reabierta: ya se pueden anotar movimientos y volver a cerrarla.",
} as const;
type NoticeKey = keyof typeof NOTICES;

/** "09:05": the Madrid time of an instant. */
function clockText(iso: string): string {
  const { minutes } = madridWallClock(new Date(iso));
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const isNotice = (value: string | null): value is NoticeKey => value !== null && Object.hasOwn(NOTICES, value);

/** GET /gestion/caja/cierre[?dia=YYYY-MM-DD]: the day's till, its close and, once closed, its Z report. */
export async function loadCashClose(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const asked = params.get("dia");
  if (asked !== null && !isDate(asked)) {
    throw data("La fecha no es válida: escríbela como AAAA-MM-DD.", { status: 400 });
  }
  const today = await currentCashDay(db);
  const day = asked ?? today;
  const state = await dayState(db, day);
  const report = state.closed ? await zReport(db, day) : null;
  const aviso = params.get("aviso");
  return {
    day,
    today,
    dayText: formatWeekdayDate(day),
    previous: addDays(day, -1),
    next: addDays(day, 1),
    canOpen: day <= today,
    isOwner: isOwnerRole(getUser(context).role),
    state,
    openedAtText: state.openedAt ? madridDateTimeText(new Date(state.openedAt)) : null,
    closedAtText: state.close ? madridDateTimeText(new Date(state.close.closedAt)) : null,
    movementTimes: Object.fromEntries(state.movements.map((m) => [m.id, clockText(m.createdAt)])),
    report,
    denominations: DENOMINATIONS.map((d) => ({ ...d })),
    notice: isNotice(aviso) ? NOTICES[aviso] : null,
  };
}

const TOO_MUCH = `Como mucho ${formatEuros(MAX_TILL_CENTS)}`;

const dayField = z.string().refine(isDate, { message: "La fecha no es válida. Vuelve a cargar la página." });

const actionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open"), day: dayField, float: z.string().max(40) }),
    z.object({
      intent: z.literal("movement"),
      day: dayField,
      direction: z.enum(["in", "out"], { message: "Elige si es una entrada o una salida de efectivo" }),
      amount: z.string().max(40),
      reason: z
        .string()
        .trim()
        .min(1, "Escribe el motivo del movimiento")
        .max(TILL_REASON_MAX, `El motivo admite ${TILL_REASON_MAX} caracteres`),
    }),
    z.object({
      intent: z.literal("close"),
      day: dayField,
      note: z.string().max(TILL_NOTE_MAX, `La nota admite ${TILL_NOTE_MAX} caracteres`).optional(),
    }),
    z.object({
      intent: z.literal("reopen"),
      day: dayField,
      reopenReason: z
        .string()
        .trim()
        .min(1, "Escribe por qué se reabre la caja")
        .max(TILL_REASON_MAX, `El motivo admite ${TILL_REASON_MAX} caracteres`),
      confirm: z.literal("yes", { message: "Marca la casilla para confirmar que quieres reabrir la caja" }),
    }),
  ],
  { message: "Acción no reconocida. Vuelve a cargar la página." },
);

function fail(intent: string, errors: Record<string, string>, values: Record<string, string>, status = 400) {
  return data<CashCloseActionData>({ intent, errors, values }, status);
}

/** Which form field a refusal is about, and its HTTP status. */
function refusal(intent: string, error: CashDayError, values: Record<string, string>) {
  const field =
    error.problem === "note-required"
      ? "note"
      : error.problem === "reason-required"
        ? intent === "reopen"
          ? "reopenReason"
          : "reason"
        : "form";
  const status = error.problem === "invalid" || field !== "form" ? 400 : 409;
  return fail(intent, { [field]: error.message }, values, status);
}

/** POST /gestion/caja/cierre — intent open | movement | close | reopen (the owner only). */
export async function cashCloseAction(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  const intent = (values.intent ?? "").slice(0, 20);
  // What the form shows again after an error (never the day or the intent, which come from the page).
  const echo = Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => !["intent", "day", "confirm"].includes(k))
      .map(([k, v]) => [k.slice(0, 40), v.slice(0, TILL_NOTE_MAX)]),
  );
  if (intent === "reopen") requireOwner(context);
  const parsed = actionSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = typeof issue.path[0] === "string" && issue.path[0] !== "intent" ? issue.path[0] : "form";
      errors[key === "day" ? "form" : key] ??= issue.message;
    }
    return fail(intent, errors, echo);
  }
  const input = parsed.data;
  const actor = actorOf(context);
  const done = (aviso: NoticeKey) => redirect(`${PATH}?dia=${input.day}&aviso=${aviso}`);
  try {
    switch (input.intent) {
      case "open": {
        const today = await currentCashDay(db);
        if (input.day > today) return fail(input.intent, { form: "Aún no se puede abrir la caja de ese día." }, echo);
        const amount = parseEuros(input.float);
        if (!amount.ok) return fail(input.intent, { float: amount.error }, echo);
        if (amount.cents > MAX_TILL_CENTS) return fail(input.intent, { float: TOO_MUCH }, echo);
        await openDay(db, { day: input.day, floatCents: amount.cents, actor });
        return done("abierta");
      }
      case "movement": {
        const amount = parseEuros(input.amount);
        if (!amount.ok || amount.cents === 0 || amount.cents > MAX_TILL_CENTS) {
          const error = !amount.ok
            ? amount.error
            : amount.cents === 0
              ? "El importe debe ser mayor que cero"
              : TOO_MUCH;
          return fail(input.intent, { amount: error }, echo);
        }
        await addMovement(db, {
          day: input.day,
          direction: input.direction,
          amountCents: amount.cents,
          reason: input.reason,
          actor,
        });
        return done("movimiento");
      }
      case "close": {
        const count = parseCountForm(values);
        if (!count.ok) return fail(input.intent, count.errors, echo);
        await closeDay(db, { day: input.day, detail: count.detail, note: input.note ?? null, actor });
        return done("cerrada");
      }
      case "reopen": {
        await reopenDay(db, { day: input.day, reason: input.reopenReason, actor });
        return done("reabierta");
      }
    }
  } catch (error) {
    if (error instanceof CashDayError) return refusal(input.intent, error, echo);
    throw error;
  }
}

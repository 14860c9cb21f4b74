/**
 * Why a checkout was refused, as a code from a closed list. Everything else
 * follows from the code: the HTTP status (one table, below), the Spanish
 * message (one table, below; the course title, the date or the method's name
 * come as params) and, in each caller, what to do with it (the checkout form
 * picks the field by code). Nothing reads the message to decide anything.
 */
import { BILLING_INVALID_MESSAGE, BILLING_REQUIRED_MESSAGE } from "~/domain/billing-details.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { EARLY_START_REQUIRED_MESSAGE } from "~/domain/withdrawal.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** What each code's message needs; `undefined`: a fixed text. */
export interface CheckoutErrorParams {
  /** No course left once the ids were cleaned. */
  "empty-cart": undefined;
  /** More lines than MAX_ORDER_ITEMS. */
  "too-many-items": undefined;
  /** A course that does not exist or is no longer sold. */
  "course-unavailable": undefined;
  /** An edition starts within the withdrawal period and the early-start request is not ticked. */
  "early-start-required": undefined;
  /** The buyer already has access to this course. */
  "already-enrolled": { title: string };
  /** The method's bounds do not contain the total (`method`: its display name). */
  "method-unavailable": { method: string };
  /** Billing details given that do not pass the rules. */
  "billing-invalid": undefined;
  /** Above 400 € without billing details. */
  "billing-required": undefined;
  /** The edition's last seat went to someone else while the order was being written. */
  "no-seat": { title: string; startsOn: string };
  /** The chosen edition is not this course's (or does not exist). */
  "edition-mismatch": { title: string };
  "edition-cancelled": { title: string; startsOn: string };
  "edition-started": { title: string; startsOn: string };
  /** Enrolment closed by the staff. */
  "edition-closed": { title: string; startsOn: string };
  /** The chosen edition has no seat left. */
  "edition-full": { title: string; startsOn: string };
  /** No edition chosen, and every edition ahead is full or closed. */
  "sold-out": { title: string };
}

export type CheckoutErrorCode = keyof CheckoutErrorParams;

export type CheckoutErrorStatus = 400 | 404 | 409;

/** The one place a refusal's status is decided: 400 the request, 404 the course, 409 the state of things. */
export const CHECKOUT_ERROR_STATUS: Readonly<Record<CheckoutErrorCode, CheckoutErrorStatus>> = {
  "empty-cart": 400,
  "too-many-items": 400,
  "course-unavailable": 404,
  "early-start-required": 400,
  "already-enrolled": 409,
  "method-unavailable": 400,
  "billing-invalid": 400,
  "billing-required": 400,
  "no-seat": 409,
  "edition-mismatch": 400,
  "edition-cancelled": 409,
  "edition-started": 409,
  "edition-closed": 409,
  "edition-full": 409,
  "sold-out": 409,
};

export const CHECKOUT_ERROR_CODES = Object.keys(CHECKOUT_ERROR_STATUS) as readonly CheckoutErrorCode[];

const editionOf = (p: { title: string; startsOn: string }) =>
  `La convocatoria del ${formatLongDate(p.startsOn)} de «${p.title}»`;

/** The Spanish text of each refusal, safe to show to the buyer. */
export const CHECKOUT_ERROR_MESSAGES: {
  readonly [C in CheckoutErrorCode]: (params: CheckoutErrorParams[C]) => string;
} = {
  "empty-cart": () => "No hay ningún curso que pagar",
  "too-many-items": () => "Demasiados cursos en un mismo pedido",
  "course-unavailable": () => "El curso no existe o ya no está disponible",
  "early-start-required": () => EARLY_START_REQUIRED_MESSAGE,
  "already-enrolled": (p) => `Ya tienes acceso a «${p.title}»: consúltalo en Mis cursos`,
  "method-unavailable": (p) => `${p.method} no está disponible para este importe`,
  "billing-invalid": () => BILLING_INVALID_MESSAGE,
  "billing-required": () => BILLING_REQUIRED_MESSAGE,
  "no-seat": (p) =>
    `Ya no quedan plazas en la convocatoria del ${formatLongDate(p.startsOn)} de «${p.title}». Elige otra fecha.`,
  "edition-mismatch": (p) => `La convocatoria elegida no es de «${p.title}»`,
  "edition-cancelled": (p) => `${editionOf(p)} se ha cancelado. Elige otra fecha.`,
  "edition-started": (p) => `${editionOf(p)} ya ha empezado. Elige otra fecha.`,
  "edition-closed": (p) => `${editionOf(p)} tiene la inscripción cerrada. Elige otra fecha.`,
  "edition-full": (p) => `${editionOf(p)} está completa. Elige otra fecha.`,
  "sold-out": (p) => `No quedan plazas en ninguna convocatoria de «${p.title}»`,
};

/**
 * The catalogue key of each refusal, for the pages (the checkout form shows it
 * in the page's language); the Spanish catalogue holds exactly the texts above
 * (checkout-error.test.ts compares them), which stay the JSON API's.
 */
export const CHECKOUT_ERROR_KEYS: Readonly<Record<CheckoutErrorCode, MessageKey>> = {
  "empty-cart": "checkout.error.code.emptyCart",
  "too-many-items": "checkout.error.code.tooManyItems",
  "course-unavailable": "checkout.error.code.courseUnavailable",
  "early-start-required": "checkout.error.code.earlyStartRequired",
  "already-enrolled": "checkout.error.code.alreadyEnrolled",
  "method-unavailable": "checkout.error.code.methodUnavailable",
  "billing-invalid": "checkout.error.code.billingInvalid",
  "billing-required": "checkout.error.code.billingRequired",
  "no-seat": "checkout.error.code.noSeat",
  "edition-mismatch": "checkout.error.code.editionMismatch",
  "edition-cancelled": "checkout.error.code.editionCancelled",
  "edition-started": "checkout.error.code.editionStarted",
  "edition-closed": "checkout.error.code.editionClosed",
  "edition-full": "checkout.error.code.editionFull",
  "sold-out": "checkout.error.code.soldOut",
};

type AnyCheckoutErrorParams = Partial<{ title: string; startsOn: string; method: string }> | undefined;

/** A refusal's text in the language of `t` (the date written in that language too). */
export function checkoutErrorText(t: Translate, code: CheckoutErrorCode, params?: AnyCheckoutErrorParams): string {
  return t(CHECKOUT_ERROR_KEYS[code], {
    title: params?.title ?? "",
    method: params?.method ?? "",
    date: params?.startsOn ? formatLongDate(params.startsOn, t.locale) : "",
  });
}

/** `new CheckoutError(code)` for a fixed text, `new CheckoutError(code, params)` for the others. */
export type CheckoutErrorArgs = {
  [C in CheckoutErrorCode]: CheckoutErrorParams[C] extends undefined
    ? [code: C]
    : [code: C, params: CheckoutErrorParams[C]];
}[CheckoutErrorCode];

export function checkoutErrorMessage(...[code, params]: CheckoutErrorArgs): string {
  return (CHECKOUT_ERROR_MESSAGES[code] as (p: typeof params) => string)(params);
}

/** A refusal the buyer can act on: the message is Spanish and safe to show; callers decide by `code`. */
export class CheckoutError extends Error {
  // Plain fields, not parameter properties: scripts run this file with Node's type stripping.
  readonly code: CheckoutErrorCode;
  readonly status: CheckoutErrorStatus;
  /** What the message was made from, so a page can write it again in its own language. */
  readonly params: AnyCheckoutErrorParams;
  constructor(...args: CheckoutErrorArgs) {
    super(checkoutErrorMessage(...args));
    this.name = "CheckoutError";
    this.code = args[0];
    this.params = args[1];
    this.status = CHECKOUT_ERROR_STATUS[args[0]];
  }
}

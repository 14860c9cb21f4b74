/**
 * Deposits (señal) for appointments (issue 15). Pure.
 *
 * A service may ask for a deposit, paid online when it is booked. The client
 * gets it back in full when she cancels within the cancellation window (the
 * site only lets her cancel then) and whenever the salon cancels, unless the
 * staff decide to keep it (a client who calls to cancel too late). It is kept
 * when she comes (it counts toward the bill at the salon) or does not turn up.
 */
import { formatEuros } from "./pricing.ts";
import { formatAppointmentTime } from "./salon-time.ts";
import { formatServicePrice } from "./service-text.ts";

/** The deposit a booking of these services asks for: the sum of theirs, 0 for none. */
export function depositFor(services: readonly { depositCents: number | null }[]): number {
  return services.reduce((sum, s) => sum + (s.depositCents && s.depositCents > 0 ? s.depositCents : 0), 0);
}

/** Whether cancelling gives the deposit back: always for the client (in time), for the staff unless they keep it. */
export function refundsDeposit(change: { by: "client" | "staff"; keepDeposit?: boolean }): boolean {
  return change.by === "client" || !change.keepDeposit;
}

/** The line of a deposit order and its invoice: "Señal · Semipermanente · cita del viernes, 4 de diciembre, 10:30". */
export function depositLineTitle(serviceName: string, startsAt: number | Date): string {
  return `Señal · ${serviceName} · cita del ${formatAppointmentTime(startsAt)}`;
}

/** What the booking page says before the client pays. */
export function depositNotice(cents: number, cancelHours: number): string {
  return (
    `Para reservar esta cita pedimos una señal de ${formatEuros(cents)}, que pagas ahora con tarjeta y se descuenta ` +
    `del precio en el salón. Si cancelas con más de ${cancelHours} h de antelación, te la devolvemos entera.`
  );
}

/**
 * The price and when it is paid, for the booking's summary and the
 * appointment's page: "25,00 €, se paga en el salón" without a deposit; with
 * one, what is charged when booking and what is left for the salon:
 * "25,00 €: señal de 10,00 € al reservar y 15,00 € en el salón".
 */
export function paymentSplitText(priceCents: number, priceFrom: boolean, depositCents: number): string {
  const price = formatServicePrice(priceCents, priceFrom);
  if (depositCents <= 0) return `${price}, se paga en el salón`;
  const deposit = formatEuros(depositCents);
  const rest = Math.max(0, priceCents - depositCents);
  if (rest === 0 && !priceFrom) return `${price}: lo pagas entero como señal al reservar`;
  const restText = priceFrom ? `el resto (desde ${formatEuros(rest)})` : formatEuros(rest);
  return `${price}: señal de ${deposit} al reservar y ${restText} en el salón`;
}

/** unpaid: the payment page was not completed; refund-pending: the refund was asked and is on its way. */
export type DepositState = "unpaid" | "paid" | "refund-pending" | "refunded";

const DEPOSIT_STATE_TEXT: Record<DepositState, string> = {
  unpaid: "pendiente de pago",
  paid: "pagada en la web; se descuenta del precio",
  "refund-pending": "en devolución",
  refunded: "devuelta",
};

/** The señal that counts toward the price: one to pay or paid (not one given back); 0 for none. */
export function depositTowardPrice(deposit: { cents: number; state: DepositState } | null): number {
  return deposit && (deposit.state === "paid" || deposit.state === "unpaid") ? deposit.cents : 0;
}

/** "10,00 €, pagada en la web; se descuenta del precio". */
export function depositStateText(deposit: { cents: number; state: DepositState }): string {
  return `${formatEuros(deposit.cents)}, ${DEPOSIT_STATE_TEXT[deposit.state]}`;
}

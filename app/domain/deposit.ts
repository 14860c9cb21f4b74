/**
 * Deposits (señal) for appointments (issue 15). Pure.
 *
 * A service may ask for a deposit, paid online when it is booked. The client
 * gets it back in full when she cancels within the cancellation window (the
 * site only lets her cancel then) and whenever the salon cancels, unless the
 * staff decide to keep it (a client who calls to cancel too late). It is kept
 * when she comes (it counts toward the bill at the salon) or does not turn up.
 * How a señal reads (price split, state) is app/bookings/booking-text.ts.
 */
import { formatAppointmentTime } from "./salon-time.ts";

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

/** unpaid: the payment page was not completed; refund-pending: the refund was asked and is on its way. */
export type DepositState = "unpaid" | "paid" | "refund-pending" | "refunded";

/** The señal that counts toward the price: one to pay or paid (not one given back); 0 for none. */
export function depositTowardPrice(deposit: { cents: number; state: DepositState } | null): number {
  return deposit && (deposit.state === "paid" || deposit.state === "unpaid") ? deposit.cents : 0;
}

/** A refusal the buyer can act on: the message is Spanish and safe to show. */
export class CheckoutError extends Error {
  // A plain field, not a parameter property: scripts run this file with Node's type stripping.
  readonly status: 400 | 404 | 409;
  constructor(message: string, status: 400 | 404 | 409) {
    super(message);
    this.status = status;
  }
}

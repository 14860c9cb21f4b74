/** An order and its lines as the database returns them, for the tests of what is built from them (emails, pages). */
import type { OrderItemRow, OrderRow } from "~/orders/orders.server.ts";

/** A paid order of 1.279,00 € by card, in Spanish; each test overrides what it is about. */
export function sampleOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: "3f2a9c1e-0000-4000-8000-000000000001",
    user_id: "u1",
    email: "lucia@example.com",
    status: "paid",
    total_cents: 127900,
    currency: "eur",
    payment_method: "card",
    provider: "stripe",
    provider_session_id: "cs_x",
    withdrawal_waiver_at: "2026-11-23T10:00:00.000Z",
    created_at: "2026-11-23T10:00:00.000Z",
    updated_at: "2026-11-23T10:00:00.000Z",
    paid_at: "2026-11-23T10:01:00.000Z",
    checkout_key: null,
    checkout_completed_at: null,
    confirmation_sent_at: null,
    refunded_cents: 0,
    billing_name: null,
    billing_tax_id: null,
    billing_address: null,
    billing_postal_code: null,
    billing_city: null,
    kind: "courses",
    appointment_id: null,
    locale: "es",
    ...overrides,
  };
}

/** A course line: Formación de inicio (280,00 €) on its edition of 9–11 February 2027, unless overridden. */
export function sampleOrderItem(
  order: Pick<OrderRow, "id">,
  overrides: Partial<OrderItemRow & { course_id: string }> = {},
): OrderItemRow & { course_id: string } {
  return {
    id: "00-a",
    order_id: order.id,
    course_id: "formacion-inicio",
    edition_id: "e1",
    title: "Formación de inicio",
    price_cents: 28000,
    edition_starts_on: "2027-02-09",
    edition_ends_on: "2027-02-11",
    no_seat_at: null,
    service_id: null,
    product_id: null,
    quantity: 1,
    ...overrides,
  };
}

/**
 * Data for the refund tests: the real Stripe SDK against the local Stripe mock,
 * the outbox worker with the real handlers, courses of their own (one future
 * edition each, never the seeded catalogue), and orders paid through
 * checkout and a signed checkout.session.completed webhook.
 */
import type { Db, DbKind } from "~/db/db.server.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { handleStripeWebhook } from "~/payments/api.server.ts";
import { startCheckout, type PaymentDeps } from "~/payments/checkout.server.ts";
import { createStripeProvider } from "~/payments/stripe.server.ts";
import { insertBuyer, stripeWebhookRequest } from "../helpers/payments.ts";
import type { StripeMock } from "../helpers/stripe-mock.ts";
import { insertCourse, insertEdition } from "./staff-orders-fixtures.ts";
import { TEST_BILLING } from "../helpers/invoices.ts";

export const PUBLIC_URL = "http://localhost:3000";

export interface RefundWorld {
  deps: PaymentDeps;
  jobs: JobWorker;
  sent: MailMessage[];
  webhook: (e: { body: string; signature: string }) => Promise<Response>;
}

export function refundWorld(db: Db, kind: DbKind, mock: StripeMock, webhookSecret: string): RefundWorld {
  const sent: MailMessage[] = [];
  const deps: PaymentDeps = {
    db,
    logger: createLogger("silent"),
    mailer: { kind: "outbox", send: async (m) => void sent.push(m) },
    payments: createStripeProvider({
      secretKey: "sk_test_mock",
      webhookSecret,
      apiBase: mock.url,
      publicUrl: PUBLIC_URL,
    }),
    config: { publicUrl: PUBLIC_URL },
  };
  const jobs = createJobWorker({ db, dbKind: kind, logger: deps.logger, handlers: jobHandlers(deps) });
  const webhook = (e: { body: string; signature: string }) =>
    handleStripeWebhook(deps, stripeWebhookRequest(PUBLIC_URL, e));
  return { deps, jobs, sent, webhook };
}

/** A course of its own with one edition far ahead (10 seats): ids and price. */
export async function refundCourse(db: Db, priceCents: number): Promise<{ courseId: string; editionId: string }> {
  const courseId = `reemb-${newId().slice(0, 8)}`;
  const editionId = `${courseId}-2031-03`;
  await insertCourse(db, courseId, `Curso ${courseId}`, priceCents);
  await insertEdition(db, { id: editionId, courseId, startsOn: "2031-03-03", endsOn: "2031-03-05", seats: 10 });
  return { courseId, editionId };
}

export interface PaidOrder {
  orderId: string;
  sessionId: string;
  buyer: { id: string; email: string };
}

/** The buyer's details for a factura completa: required above 400 € (issue 13), harmless below. */
export const BUYER_BILLING = TEST_BILLING;

/** A buyer pays these courses by card: checkout, the mock session completes, the webhook fulfils. */
export async function paidOrder(world: RefundWorld, mock: StripeMock, courseIds: string[]): Promise<PaidOrder> {
  const buyer = await insertBuyer(world.deps.db, { prefix: "reemb", firstName: "Lucía", lastName: "Mora" });
  const started = await startCheckout(world.deps, {
    user: buyer,
    courseIds,
    method: "card",
    withdrawalWaiver: false,
    billing: BUYER_BILLING,
  });
  mock.setSession(started.sessionId, { status: "complete", payment_status: "paid" });
  const res = await world.webhook(mock.signedEvent("checkout.session.completed", started.sessionId));
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  await world.jobs.drain();
  return { orderId: started.orderId, sessionId: started.sessionId, buyer };
}

export async function seatsTaken(db: Db, editionId: string): Promise<number> {
  const row = await db
    .selectFrom("course_editions")
    .select("seats_taken")
    .where("id", "=", editionId)
    .executeTakeFirstOrThrow();
  return Number(row.seats_taken);
}

export function enrolmentsOf(db: Db, orderId: string) {
  return db
    .selectFrom("enrollments")
    .select(["course_id", "ended_at", "end_reason"])
    .where("order_id", "=", orderId)
    .orderBy("course_id")
    .execute();
}

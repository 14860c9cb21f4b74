// Seat-hold fixtures: a course of its own with dated editions of a few seats,
// demo payment deps with a memory mailer and an outbox worker, and readers of
// the edition's counters.
import type { DbKind, Db } from "~/db/db.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import type { PaymentDeps } from "~/payments/checkout.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";

export interface SeatFixture {
  deps: PaymentDeps;
  jobs: JobWorker;
  sent: MailMessage[];
}

export function demoSeatDeps(db: Db, kind: DbKind, invoicing?: InvoicingConfig): SeatFixture {
  const sent: MailMessage[] = [];
  const deps: PaymentDeps = {
    db,
    logger: createLogger("silent"),
    mailer: { kind: "outbox", send: async (m) => void sent.push(m) },
    payments: createDemoProvider(),
    config: { publicUrl: "http://localhost:3000", ...invoicing },
  };
  const jobs = createJobWorker({ db, dbKind: kind, logger: deps.logger, handlers: jobHandlers(deps) });
  return { deps, jobs, sent };
}

/** A course with one edition per entry (far in the future), returning their ids in that order. */
export async function insertCourseWithEditions(
  db: Db,
  editions: { startsOn: string; seats: number; status?: string }[],
  priceCents = 20000,
): Promise<{ courseId: string; editionIds: string[] }> {
  const courseId = `plazas-${newId().slice(0, 8)}`;
  await db
    .insertInto("courses")
    .values({
      id: courseId,
      title: `Curso de plazas ${courseId.slice(-4)}`,
      category: "intensivo",
      description: "Curso de prueba con pocas plazas.",
      price_cents: priceCents,
      original_price_cents: priceCents,
      duration: "1 día",
      class_size: 4,
      level: "Intensivo",
      rating: 5,
      reviews: 0,
      features: "[]",
      image: "course-iniciacion-acrilico",
      highlighted: 0,
      active: 1,
      sort_order: 90,
    })
    .execute();
  const editionIds = editions.map((e) => `${courseId}-${e.startsOn}`);
  await db
    .insertInto("course_editions")
    .values(
      editions.map((e, i) => ({
        id: editionIds[i]!,
        course_id: courseId,
        starts_on: e.startsOn,
        ends_on: e.startsOn,
        seats: e.seats,
        seats_taken: 0,
        status: e.status ?? "open",
        updated_at: null,
        cancelled_at: null,
      })),
    )
    .execute();
  return { courseId, editionIds };
}

export async function editionCounters(db: Db, editionId: string) {
  const row = await db
    .selectFrom("course_editions")
    .select(["seats", "seats_taken", "seats_held"])
    .where("id", "=", editionId)
    .executeTakeFirstOrThrow();
  const activeHolds = await db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("edition_id", "=", editionId)
    .where("released_at", "is", null)
    .where("converted_at", "is", null)
    .executeTakeFirstOrThrow();
  const enrolled = await db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("edition_id", "=", editionId)
    .where("ended_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    seats: Number(row.seats),
    taken: Number(row.seats_taken),
    held: Number(row.seats_held),
    activeHolds: Number(activeHolds.n),
    enrolled: Number(enrolled.n),
  };
}

/** Moves an order and its holds into the past, as if `minutes` had gone by since its checkout. */
export async function ageOrder(db: Db, orderId: string, minutes: number): Promise<void> {
  const order = await db.selectFrom("orders").select("created_at").where("id", "=", orderId).executeTakeFirstOrThrow();
  const created = new Date(Date.parse(order.created_at) - minutes * 60_000);
  await db.updateTable("orders").set({ created_at: created.toISOString() }).where("id", "=", orderId).execute();
  await db
    .updateTable("seat_holds")
    .set({ expires_at: new Date(created.getTime() + 60 * 60_000).toISOString() })
    .where("order_id", "=", orderId)
    .where("expires_at", "is not", null)
    .execute();
}

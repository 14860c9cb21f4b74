// The records staff-records.spec.ts shows, written into the e2e server's SQLite
// database (DATA_DIR/salon.db) through the app's own functions where one exists:
// backup runs as scripts/backup.ts logs them, an invoice issued by the real
// fulfilment of a card order (a demo payment makes a demo document, never an
// invoice) and the AEAT's rejection of its record as the sender stores it, and
// a busy week booked through the staff's booking path. Imports "~/…" (Playwright
// maps it from tsconfig), as scripts/lib/page-sessions.ts does.
import path from "node:path";
import { recordBackupRun } from "~/backups/runs.server.ts";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { loadAvailability } from "~/bookings/availability.server.ts";
import { staffBookingRules } from "~/bookings/diary.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { newId } from "~/lib/ids.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";

/** The e2e server's database (playwright.config.ts gives the server this DATA_DIR). */
export function e2eDb(): Db {
  return createDb(`file:${path.join(process.env.E2E_DATA_DIR ?? "", "salon.db")}`);
}

/**
 * A manual backup that finished 30 hours ago (so the panel warns it is stale),
 * and a scheduled attempt two hours ago that failed. The e2e server has no
 * off-site bucket: the copy reads "no configurada".
 */
export async function insertBackupRuns(db: Db, now = new Date()) {
  const finishedAt = new Date(Math.floor((now.getTime() - 30 * 3_600_000) / 60_000) * 60_000);
  await recordBackupRun(db, {
    kind: "manual",
    status: "ok",
    startedAt: new Date(finishedAt.getTime() - 90_000),
    finishedAt,
    path: "/var/lib/alejandra-nails/backups/salon-manual.tar.age",
    bytes: 8_437_000,
  });
  const failedAt = new Date(now.getTime() - 2 * 3_600_000);
  const error = "No queda espacio en el disco";
  await recordBackupRun(db, {
    kind: "scheduled",
    status: "failed",
    startedAt: failedAt,
    finishedAt: new Date(failedAt.getTime() + 5_000),
    error: new Error(error),
  });
  return { finishedAt, failedAt, error };
}

/** As the e2e server's environment states the seller (playwright.config.ts). */
const INVOICING: InvoicingConfig = {
  seller: {
    legalName: "Alejandra Ruiz García",
    nif: "12345678Z",
    address: "Carrer Major 48",
    postalCode: "08750",
    city: "Molins de Rei",
    province: "Barcelona",
  },
  verifactuMode: "off",
};

export const AEAT_REJECTION = {
  code: "1100",
  description: "Valor o tipo incorrecto del campo: NIF",
};

/**
 * A course bought by card by the customer `email` (registered through the site),
 * invoiced by the real fulfilment; its billing record then rejected by the AEAT,
 * stored as the sender stores an answer. The invoice's id and number.
 */
export async function insertRejectedInvoice(db: Db, email: string, courseId: string) {
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const course = await db
    .selectFrom("courses")
    .select(["title", "price_cents"])
    .where("id", "=", courseId)
    .executeTakeFirstOrThrow();
  const edition = await db
    .selectFrom("course_editions")
    .select(["id", "starts_on", "ends_on"])
    .where("course_id", "=", courseId)
    .orderBy("starts_on")
    .executeTakeFirstOrThrow();
  const orderId = newId();
  const now = new Date();
  await db
    .insertInto("orders")
    .values({
      id: orderId,
      user_id: user.id,
      email,
      status: "pending",
      total_cents: course.price_cents,
      currency: "eur",
      payment_method: "card",
      provider: "stripe",
      provider_session_id: `cs_${orderId}`,
      withdrawal_waiver_at: now.toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      paid_at: null,
      checkout_key: null,
      checkout_completed_at: null,
      confirmation_sent_at: null,
    })
    .execute();
  await db
    .insertInto("order_items")
    .values({
      id: newId(),
      order_id: orderId,
      course_id: courseId,
      edition_id: edition.id,
      title: course.title,
      price_cents: course.price_cents,
      edition_starts_on: edition.starts_on,
      edition_ends_on: edition.ends_on,
    })
    .execute();
  const paid = await fulfilOrder(
    db,
    { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId, now },
    INVOICING,
  );
  if (paid.outcome !== "paid") throw new Error(`la compra de prueba no se cobró (${paid.outcome})`);
  const record = await db
    .selectFrom("billing_records as r")
    .innerJoin("invoices as i", "i.id", "r.invoice_id")
    .select(["r.position", "i.id", "i.full_number"])
    .where("i.order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  const answeredAt = new Date().toISOString();
  await db
    .insertInto("billing_record_status")
    .values({
      position: record.position,
      state: "rejected",
      code: AEAT_REJECTION.code,
      description: AEAT_REJECTION.description,
      csv: "A-PRUEBA-E2E",
      submission_id: null,
      sent_at: answeredAt,
      answered_at: answeredAt,
      attempts: 1,
    })
    .execute();
  return { id: record.id, number: record.full_number };
}

/** Each professional with a service she does (app/db/seed-salon.server.ts). */
const BUSY_WEEK: [professional: string, service: string][] = [
  ["alejandra", "semipermanente"],
  ["laura", "manicura"],
  ["sofia", "unas-gel"],
  ["marta", "pedicura"],
  ["carla", "cejas"],
  ["paula", "relleno"],
];

export const LONG_CLIENT_NAME = "María de los Ángeles Fernández-Villaverde y Castellanos de la Santísima Trinidad";

const CLIENTS = ["Lucía Pérez", "Nerea Gómez", "Aitana Soler", "Carmen Ruiz", "Júlia Puig", "Inés Martín"];

/**
 * Books, as the staff do for a client who phoned, up to two appointments a day
 * for each professional over the six days from `monday` (at least two hours
 * apart, from her free times): now and then the first of a day for the client with the
 * long name. How many were booked, and how many confirmed appointments the week
 * now has in all (a retried spec's earlier run booked some too).
 */
export async function bookBusyWeek(
  db: Db,
  monday: string,
  now = new Date(),
): Promise<{ booked: number; inWeek: number }> {
  const rules = await staffBookingRules(db);
  let booked = 0;
  for (const [professionalId, service] of BUSY_WEEK) {
    const free = await loadAvailability(db, {
      serviceIds: [service],
      professionalId,
      fromDate: monday,
      days: 6,
      now,
      rules,
      online: false,
    });
    if (!free.ok) throw new Error(`sin disponibilidad para ${professionalId}: ${free.reason}`);
    for (const day of free.days) {
      let last = -Infinity;
      let today = 0;
      for (const start of day.starts) {
        if (today === 2 || start.at < last + 2 * 3_600_000) continue;
        const name = today === 0 && booked % 4 === 0 ? LONG_CLIENT_NAME : CLIENTS[booked % CLIENTS.length]!;
        const result = await bookAppointment(db, {
          serviceIds: [service],
          professionalId,
          at: start.at,
          client: { userId: null, name, email: "", phone: `6000000${String(booked).padStart(2, "0")}` },
          comment: "",
          source: "staff",
          hold: false,
          now,
          rules,
        });
        if (!result.ok) continue;
        booked += 1;
        today += 1;
        last = start.at;
      }
    }
  }
  const inWeek = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "confirmed")
    .where("starts_at", ">=", new Date(wallToInstant(monday, 0)).toISOString())
    .where("starts_at", "<", new Date(wallToInstant(addDays(monday, 7), 0)).toISOString())
    .executeTakeFirstOrThrow();
  return { booked, inWeek: Number(inWeek.n) };
}

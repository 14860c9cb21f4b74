/**
 * Booking and confirming appointments (issue 15). With
 * appointment-changes.server.ts (cancel, move, attended/no-show) and
 * slots.server.ts, the one home of the writes of `appointments`,
 * `appointment_services` and `appointment_slots`.
 *
 * No double booking, on any number of instances: an appointment takes one
 * `appointment_slots` row per five-minute slot it occupies (its services and
 * the buffer after), and the primary key (professional_id, slot) lets only one
 * transaction have a slot. The availability check before it (hours, closures,
 * notice) gives the visitor a clear answer; the constraint is what decides a
 * race. A guest's booking holds its slots (`held`) until she confirms by the
 * emailed link, a booking with a deposit until it is paid (deposits.server.ts); a hold that lapsed is given back by the next booking
 * transaction (`expireHolds`), so no sweep job is needed for correctness.
 *
 * Emails (confirmation with .ics, the reminder 24 h before, changes) are queued
 * in the same transaction through the outbox (appointment-emails.server.ts).
 *
 * One client may have at most `rules.maxUpcomingPerClient` upcoming online
 * appointments (issue 31): an online booking takes the client's lock and
 * counts hers first in its transaction (client-cap.server.ts), so twenty bookings at
 * once by one client give her no more. The staff's bookings are not capped.
 */
import type { Db } from "~/db/db.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import type { BookingRules } from "~/domain/booking-rules.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";
import { newId } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { depositFor } from "~/domain/deposit.ts";
import { notifySalonOfBooking } from "~/salon/notifications.server.ts";
import { queueAppointmentEmails } from "./appointment-emails.server.ts";
import { createDepositOrder, DEPOSIT_HOLD_MS } from "./deposits.server.ts";
import { freeProfessionalsAt } from "./availability.server.ts";
import { getBookingSettings } from "./booking-settings.server.ts";
import { atCap } from "./client-cap.server.ts";
import { confirmHold, expireHolds, SlotTaken, takeSlots } from "./slots.server.ts";
import { sequenceLength, type MenuService } from "./menu.server.ts";

interface BookingClient {
  userId: string | null;
  name: string;
  /** Lower-cased by the caller's form parser. */
  email: string;
  phone: string;
}

export interface BookRequest {
  serviceIds: string[];
  /** null: "cualquier profesional", the first one free at that time. */
  professionalId: string | null;
  /** The start, epoch ms. */
  at: number;
  client: BookingClient;
  comment: string;
  /** online: the client books on the site; staff: Gestión books for a client who phoned (audited). */
  source: "online" | "staff";
  /** A guest's booking is held until she confirms by email; others are confirmed at once. */
  hold: boolean;
  now: Date;
  rules: BookingRules;
  actor?: AuditActor;
  /**
   * Online bookings pass the payment provider: services with a deposit are then
   * held until it is paid (deposits.server.ts). Without it (the staff booking
   * for a client who phoned) no deposit is asked.
   */
  deposit?: { provider: string };
  /** The language of the page it was booked on (its emails' and its deposit order's); Spanish when not given. */
  locale?: Locale;
}

type BookResult =
  | {
      ok: true;
      appointmentId: string;
      status: "held" | "confirmed";
      professionalId: string;
      /** The deposit order to pay before the appointment is confirmed; null when none is asked. */
      depositOrderId: string | null;
    }
  /** invalid: unknown services; unavailable: outside hours, notice or horizon; taken: someone was faster. */
  | { ok: false; reason: "invalid" | "unavailable" | "taken" }
  /** The client already has `limit` upcoming online appointments (client-cap.server.ts). */
  | { ok: false; reason: "limit"; limit: number };

/** Where services in a row starting at `at` end, and until when they block the professional. */
export function span(services: readonly Pick<MenuService, "durationMin" | "bufferMin">[], at: number) {
  const { durationMin, bufferMin } = sequenceLength(services);
  return { endsAt: at + durationMin * 60_000, blocksUntil: at + (durationMin + bufferMin) * 60_000 };
}

async function insertAppointment(db: Db, req: BookRequest, services: MenuService[], professionalId: string) {
  const id = newId();
  const nowIso = req.now.toISOString();
  const { endsAt, blocksUntil } = span(services, req.at);
  const deposit = req.deposit && depositFor(services) > 0 ? req.deposit : null;
  const holdMs = deposit ? DEPOSIT_HOLD_MS : req.hold ? req.rules.holdMinutes * 60_000 : null;
  const status = holdMs ? "held" : "confirmed";
  return inTransaction(db, async (trx): Promise<BookResult> => {
    // Online bookings are capped per client: her lock and count first, before any row lock.
    const limit = req.rules.maxUpcomingPerClient;
    if (req.source === "online" && (await atCap(trx, req.client, nowIso, limit))) {
      return { ok: false, reason: "limit", limit };
    }
    await expireHolds(trx, nowIso);
    await trx
      .insertInto("appointments")
      .values({
        id,
        professional_id: professionalId,
        user_id: req.client.userId,
        client_name: req.client.name,
        client_email: req.client.email,
        client_phone: req.client.phone,
        starts_at: new Date(req.at).toISOString(),
        ends_at: new Date(endsAt).toISOString(),
        blocks_until: new Date(blocksUntil).toISOString(),
        status,
        hold_expires_at: holdMs ? new Date(req.now.getTime() + holdMs).toISOString() : null,
        source: req.source,
        client_comment: req.comment,
        price_cents: services.reduce((sum, s) => sum + s.priceCents, 0),
        price_from: services.some((s) => s.priceFrom) ? 1 : 0,
        created_at: nowIso,
        updated_at: nowIso,
        confirmed_at: holdMs ? null : nowIso,
        cancelled_at: null,
        cancelled_by: null,
        locale: req.locale ?? DEFAULT_LOCALE,
      })
      .execute();
    await trx
      .insertInto("appointment_services")
      .values(
        services.map((s, position) => ({
          appointment_id: id,
          position,
          service_id: s.id,
          name: s.name,
          duration_min: s.durationMin,
          buffer_min: s.bufferMin,
          price_cents: s.priceCents,
          price_from: s.priceFrom ? 1 : 0,
        })),
      )
      .execute();
    await takeSlots(trx, professionalId, id, req.at, blocksUntil);
    if (req.actor) {
      await recordAudit(trx, req.actor, {
        action: "appointment.create",
        entityType: "appointment",
        entityId: id,
        after: {
          professionalId,
          startsAt: new Date(req.at).toISOString(),
          services: services.map((s) => s.id),
          client: req.client.email,
        },
      });
    }
    const depositOrderId = deposit
      ? await createDepositOrder(trx, {
          appointmentId: id,
          client: req.client,
          services,
          at: req.at,
          provider: deposit.provider,
          now: req.now,
          locale: req.locale ?? DEFAULT_LOCALE,
        })
      : null;
    // With a deposit, paying confirms it (and its email goes then): no confirm-by-email link.
    if (!deposit) {
      await queueAppointmentEmails(
        trx,
        req.hold ? "held" : "confirmed",
        { id, startsAt: new Date(req.at).toISOString() },
        req.now,
      );
    }
    // A client's booking confirmed at once: the salon hears of it now (a held one when it is confirmed).
    if (status === "confirmed" && req.source === "online") await notifySalonOfBooking(trx, id, req.now);
    return { ok: true, appointmentId: id, status, professionalId, depositOrderId };
  });
}

/**
 * Books services in a row at `at`. With "cualquier profesional" it tries, in the
 * salon's order, each professional who can do them all and is free then.
 */
export async function bookAppointment(db: Db, req: BookRequest): Promise<BookResult> {
  const found = await freeProfessionalsAt(db, {
    serviceIds: req.serviceIds,
    professionalId: req.professionalId,
    at: req.at,
    now: req.now,
    rules: req.rules,
    online: req.source === "online",
  });
  if (!found) return { ok: false, reason: "invalid" };
  for (const professionalId of found.free) {
    try {
      return await insertAppointment(db, req, found.services, professionalId);
    } catch (err) {
      if (!(err instanceof SlotTaken)) throw err;
    }
  }
  return { ok: false, reason: found.free.length > 0 ? "taken" : "unavailable" };
}

type ConfirmResult =
  | { ok: true; appointmentId: string; already: boolean }
  | { ok: false; reason: "taken" | "cancelled" | "past" | "limit" };

/**
 * A guest confirms her hold by the emailed link. A hold that lapsed is still
 * confirmed when its slots were not given to anyone else in the meantime, and
 * when it does not take her past the cap of upcoming appointments: a lapsed
 * hold stopped counting, so she may have booked others since.
 */
export async function confirmHeld(db: Db, appointmentId: string, now: Date): Promise<ConfirmResult> {
  const nowIso = now.toISOString();
  try {
    return await inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom("appointments")
        .select([
          "id",
          "status",
          "starts_at",
          "blocks_until",
          "professional_id",
          "hold_expires_at",
          "source",
          "user_id",
          "client_email",
          "client_phone",
        ])
        .where("id", "=", appointmentId)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "cancelled" } as const;
      if (row.status === "confirmed" || row.status === "attended")
        return { ok: true, appointmentId, already: true } as const;
      if (row.status === "cancelled" || row.status === "no_show") return { ok: false, reason: "cancelled" } as const;
      if (Date.parse(row.starts_at) <= now.getTime()) return { ok: false, reason: "past" } as const;
      const lapsed = row.status !== "held" || (row.hold_expires_at !== null && row.hold_expires_at <= nowIso);
      if (lapsed && row.source === "online") {
        const client = { userId: row.user_id, email: row.client_email, phone: row.client_phone };
        const { maxUpcomingPerClient } = (await getBookingSettings(trx)).rules;
        if (await atCap(trx, client, nowIso, maxUpcomingPerClient, row.id))
          return { ok: false, reason: "limit" } as const;
      }
      // A lapsed hold whose slots someone else took meanwhile stays expired.
      if (!(await confirmHold(trx, row, nowIso))) return { ok: false, reason: "taken" } as const;
      await queueAppointmentEmails(trx, "confirmed", { id: appointmentId, startsAt: row.starts_at }, now);
      if (row.source === "online") await notifySalonOfBooking(trx, appointmentId, now);
      return { ok: true, appointmentId, already: false } as const;
    });
  } catch (err) {
    if (err instanceof SlotTaken) return { ok: false, reason: "taken" };
    throw err;
  }
}

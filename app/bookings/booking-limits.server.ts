/**
 * The per-visitor limits of online booking (issue 31), on the database rate
 * limiter (app/lib/rate-limit.server.ts; keys hashed). A visitor is her
 * network (an IPv4 address or an IPv6 /64: `clientNetwork`).
 *
 * - Bookings: 10 an hour per network, whatever the outcome.
 * - Emails the salon sends because a visitor asked: a booking ("Confirma tu
 *   cita", or the confirmation) and a move ("Tu cita tiene nueva fecha") each
 *   send one, to an address the visitor chooses (a guest's) or knows (the
 *   appointment's link). At most 20 an hour per network, and at most 6 an hour
 *   to one mailbox, whoever asks (client-cap.server.ts's `mailboxOf`: any tag
 *   or case is the same address). Confirming a hold or cancelling sends one
 *   email per appointment (their dedupe keys), bounded by the bookings.
 *
 * The cap on a client's upcoming appointments is a booking rule, checked in
 * the booking's transaction: client-cap.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import { sha256 } from "~/lib/ids.server.ts";
import { hitRateLimit, type RateLimitResult, type RateLimitRule } from "~/lib/rate-limit.server.ts";
import { mailboxOf } from "./client-cap.server.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Bookings per visitor network per hour: a family booking several visits, not a bot holding the diary. */
const BOOKING_PER_NETWORK = { points: 10, windowMs: HOUR_MS } satisfies RateLimitRule;
/** Appointment emails one network may trigger per hour (bookings and moves). */
const EMAILS_PER_NETWORK = { points: 20, windowMs: HOUR_MS } satisfies RateLimitRule;
/** Appointment emails one mailbox may receive per hour because of visitors' requests. */
const EMAILS_PER_ADDRESS = { points: 6, windowMs: HOUR_MS } satisfies RateLimitRule;

/** One booking attempt from this network. */
export function hitBookingLimit(db: Db, network: string): Promise<RateLimitResult> {
  return hitRateLimit(db, `bookingIp:${sha256(network)}`, BOOKING_PER_NETWORK);
}

/**
 * One email a visitor's request is about to make the salon send to `address`:
 * counted for her network, then (when the network is still allowed) for the
 * address. Not allowed when either is over its limit.
 */
export async function hitAppointmentEmailLimits(
  db: Db,
  visitor: { network: string; address: string },
): Promise<RateLimitResult> {
  const byNetwork = await hitRateLimit(db, `appointmentMailNet:${sha256(visitor.network)}`, EMAILS_PER_NETWORK);
  if (!byNetwork.allowed) return byNetwork;
  return hitRateLimit(db, `appointmentMailTo:${sha256(mailboxOf(visitor.address))}`, EMAILS_PER_ADDRESS);
}

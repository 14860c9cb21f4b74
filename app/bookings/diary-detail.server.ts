/**
 * The staff's read of a client's card (Gestión → Agenda, issue 15); one
 * appointment in full is `getAppointment` (queries.server.ts). With
 * diary.server.ts, the one home of the diary's reads.
 */
import type { Db } from "~/db/db.server.ts";
import { isOpenStatus } from "~/domain/appointment-status.ts";
import { getClientNotes, type ClientNotes } from "./client-notes.server.ts";
import { servicesOf } from "./diary.server.ts";

export interface ClientVisit {
  id: string;
  startsAt: string;
  status: string;
  professionalName: string;
  services: string[];
  priceCents: number;
}

interface ClientCard {
  email: string;
  /** From her latest appointment, else her account; "" when neither has it. */
  name: string;
  phone: string;
  /** Her account, when one has this email. */
  account: { name: string; phone: string } | null;
  /** Held or confirmed, not yet started; soonest first. */
  upcoming: ClientVisit[];
  /** Everything else (started, cancelled, expired…); newest first. */
  past: ClientVisit[];
  noShows: number;
  notes: ClientNotes | null;
}

/** Name and phone to prefill a booking for this email (her latest appointment, else her account). */
export async function clientContact(db: Db, email: string): Promise<{ name: string; phone: string } | null> {
  const key = email.trim().toLowerCase();
  if (!key) return null;
  const latest = await db
    .selectFrom("appointments")
    .select(["client_name", "client_phone"])
    .where("client_email", "=", key)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (latest) return { name: latest.client_name, phone: latest.client_phone };
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "display_name", "phone"])
    .where("email", "=", key)
    .executeTakeFirst();
  if (!user) return null;
  return { name: user.display_name || `${user.first_name} ${user.last_name}`.trim(), phone: user.phone };
}

/** Everything the staff know of the client with this email; null when she has neither appointments nor account. */
export async function getClientCard(db: Db, email: string, now: Date): Promise<ClientCard | null> {
  const key = email.trim().toLowerCase();
  if (!key) return null;
  const [rows, user, notes] = await Promise.all([
    db
      .selectFrom("appointments")
      .innerJoin("professionals", "professionals.id", "appointments.professional_id")
      .select([
        "appointments.id",
        "appointments.starts_at",
        "appointments.status",
        "appointments.client_name",
        "appointments.client_phone",
        "appointments.price_cents",
        "appointments.created_at",
        "professionals.name as professional_name",
      ])
      .where("appointments.client_email", "=", key)
      .orderBy("appointments.starts_at", "desc")
      .execute(),
    db
      .selectFrom("users")
      .select(["first_name", "last_name", "display_name", "phone"])
      .where("email", "=", key)
      .executeTakeFirst(),
    getClientNotes(db, key),
  ]);
  if (rows.length === 0 && !user && !notes) return null;
  const names = await servicesOf(
    db,
    rows.map((r) => r.id),
  );
  const nowIso = now.toISOString();
  const visits = rows.map((r) => ({
    id: r.id,
    startsAt: r.starts_at,
    status: r.status,
    professionalName: r.professional_name,
    services: names.get(r.id) ?? [],
    priceCents: Number(r.price_cents),
  }));
  const isUpcoming = (v: ClientVisit) => v.startsAt > nowIso && isOpenStatus(v.status);
  const latest = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  const account = user
    ? { name: user.display_name || `${user.first_name} ${user.last_name}`.trim(), phone: user.phone }
    : null;
  return {
    email: key,
    name: latest?.client_name || account?.name || "",
    phone: latest?.client_phone || account?.phone || "",
    account,
    upcoming: visits.filter(isUpcoming).reverse(),
    past: visits.filter((v) => !isUpcoming(v)),
    noShows: visits.filter((v) => v.status === "no_show").length,
    notes,
  };
}

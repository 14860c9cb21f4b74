// What a busy salon accumulates over some years, generated in memory from a
// seeded PRNG (the same seed gives the same salon): clients (some with an
// account), appointments day by day for every professional (more in spring and
// December, fewer in August; about 5 % no-shows and 10 % cancellations), the
// deposit orders of most appointments, course orders on past editions, refunds,
// and the order in which their invoices and rectificativas were issued.
// Rows are shaped as the tables want them; scale-write.ts inserts them.
// Imports "~/…": the caller registers the app alias first.
import type { Insertable } from "kysely";
import type { Database } from "~/db/schema.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { depositLineTitle } from "~/domain/deposit.ts";
import { isoWeekday, slotsBetween, wallToInstant } from "~/domain/salon-time.ts";
import { pick, type Rng } from "./util.ts";
import { fakeClients, type ScaleClient } from "./scale-people.ts";
import type { ScaleInput, ScalePlan } from "./scale-types.ts";

export type { InvoiceEvent, ScaleCourse, ScalePlan, ScaleService } from "./scale-types.ts";

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Busier in spring and December, quiet in August (index 0: January). */
const SEASON = [0.85, 0.9, 1.05, 1.15, 1.15, 1.05, 0.9, 0.45, 1.0, 1.0, 1.05, 1.25];
const OPEN_MIN = 9 * 60;
const CLOSE_MIN = 21 * 60;
const METHODS = [
  ["card", 0.86],
  ["klarna", 0.06],
  ["sequra", 0.04],
  ["scalapay", 0.04],
] as const;

const iso = (ms: number) => new Date(ms).toISOString();
const uuid = (rng: Rng) => {
  const h = () =>
    Math.floor(rng() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, "0");
  const a = h() + h() + h() + h();
  return `${a.slice(0, 8)}-${a.slice(8, 12)}-4${a.slice(13, 16)}-a${a.slice(17, 20)}-${a.slice(20, 32)}`;
};

function method(rng: Rng): string {
  let x = rng();
  for (const [key, w] of METHODS) {
    x -= w;
    if (x < 0) return key;
  }
  return "card";
}

export function planSalon(input: ScaleInput): ScalePlan {
  const { rng, now, years, scale } = input;
  const nowMs = now.getTime();
  const today = iso(nowMs).slice(0, 10);
  const firstDay = addDays(today, -Math.round(365.25 * years));
  const lastDay = addDays(today, 28);
  const people = fakeClients(
    rng,
    Math.max(50, Math.round(4000 * years * scale)),
    nowMs - years * 365.25 * 864e5,
    nowMs,
  );
  const clients = people.clients;
  const withAccount = clients.filter((c) => c.userId !== null);
  // Regulars come back often: the most faithful about every two or three weeks.
  const chooseClient = (): ScaleClient => clients[Math.floor(clients.length * rng() ** 1.5)]!;
  const plan: ScalePlan = {
    users: people.users,
    clients: clients.length,
    editions: [],
    appointments: [],
    appointmentServices: [],
    slots: () => slotRows(plan.appointments),
    orders: [],
    items: [],
    enrollments: [],
    refunds: [],
    audit: [],
    events: [],
  };
  const audit = (at: string, action: string, entityType: string, entityId: string, after: unknown) =>
    plan.audit.push({
      id: uuid(rng),
      actor_id: input.staff.id,
      actor_email: input.staff.email,
      action,
      entity_type: entityType,
      entity_id: entityId,
      before_json: null,
      after_json: JSON.stringify(after),
      created_at: at,
    });
  const billing = (rng: Rng, client: ScaleClient) =>
    rng() < 0.08
      ? {
          billing_name: client.name,
          billing_tax_id: `${String(10_000_000 + Math.floor(rng() * 89_999_999))}Z`,
          billing_address: `Carrer Major ${1 + Math.floor(rng() * 120)}`,
          billing_postal_code: "08750",
          billing_city: "Molins de Rei",
        }
      : {
          billing_name: null,
          billing_tax_id: null,
          billing_address: null,
          billing_postal_code: null,
          billing_city: null,
        };
  const sale = (o: {
    client: ScaleClient;
    createdMs: number;
    kind: "deposit" | "courses";
    total: number;
    appointmentId: string | null;
  }) => {
    const paidMs = o.createdMs + 30_000 + Math.floor(rng() * 120_000);
    const order: Row<"orders"> = {
      id: uuid(rng),
      user_id: o.client.userId,
      email: o.client.email,
      status: "paid",
      total_cents: o.total,
      currency: "eur",
      payment_method: o.kind === "deposit" ? "card" : method(rng),
      provider: "stripe",
      provider_session_id: `cs_seed_${uuid(rng).replaceAll("-", "")}`,
      withdrawal_waiver_at: null,
      created_at: iso(o.createdMs),
      updated_at: iso(paidMs),
      paid_at: iso(paidMs),
      checkout_key: null,
      checkout_completed_at: iso(paidMs),
      confirmation_sent_at: iso(paidMs + 5_000),
      refunded_cents: 0,
      ...billing(rng, o.client),
      kind: o.kind,
      appointment_id: o.appointmentId,
    };
    plan.orders.push(order);
    return order;
  };
  const refund = (order: Row<"orders">, items: Row<"order_items">[], atMs: number, reason: string) => {
    const at = Math.min(atMs, nowMs - 60_000);
    const row: Row<"refunds"> = {
      id: uuid(rng),
      order_id: order.id,
      amount_cents: order.total_cents,
      reason,
      status: "succeeded",
      provider_refund_id: `re_seed_${uuid(rng).replaceAll("-", "")}`,
      created_at: iso(at),
      completed_at: iso(at + 2_000),
      item_ids: JSON.stringify(items.map((i) => i.id)),
    };
    order.status = "refunded";
    order.refunded_cents = order.total_cents;
    order.updated_at = row.completed_at!;
    plan.refunds.push(row);
    plan.events.push({ at: row.completed_at!, kind: "refund", order, items, refund: row });
    audit(row.created_at, "order.refund", "order", order.id, { amountCents: row.amount_cents });
  };

  // — appointments, professional by professional and day by day —
  const services = input.services;
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    if (isoWeekday(day) === 7) continue;
    const season = SEASON[Number(day.slice(5, 7)) - 1]!;
    for (const professional of input.professionals) {
      let t = OPEN_MIN + (rng() < 0.8 ? 0 : 30);
      while (t < CLOSE_MIN) {
        if (rng() > season * scale) {
          t += 30;
          continue;
        }
        const chosen = [pick(rng, services)];
        if (rng() < 0.2) chosen.push(pick(rng, services));
        const minutes = chosen.reduce((s, x) => s + x.duration_min, 0);
        const lastBuffer = chosen.at(-1)!.buffer_min;
        if (t + minutes + lastBuffer > CLOSE_MIN) break;
        const startMs = wallToInstant(day, t);
        const endMs = startMs + minutes * 60_000;
        t += minutes + lastBuffer + (rng() < 0.8 ? 0 : 15);
        const client = chooseClient();
        const createdMs = Math.min(startMs - (1 + Math.floor(rng() * 30 * 24)) * 3_600_000, nowMs - 3_600_000);
        const past = endMs < nowMs;
        const r = rng();
        const status = r < 0.1 ? "cancelled" : past ? (r < 0.15 ? "no_show" : "attended") : "confirmed";
        const source = rng() < 0.7 ? "online" : "staff";
        const cancelledMs =
          status === "cancelled" ? Math.min(createdMs + (startMs - createdMs) * rng(), nowMs - 60_000) : null;
        const id = uuid(rng);
        plan.appointments.push({
          id,
          professional_id: professional,
          user_id: client.userId,
          client_name: client.name,
          client_email: client.email,
          client_phone: client.phone,
          starts_at: iso(startMs),
          ends_at: iso(endMs),
          blocks_until: iso(endMs + lastBuffer * 60_000),
          status,
          hold_expires_at: null,
          source,
          client_comment: rng() < 0.05 ? "Prefiero tonos nude." : "",
          price_cents: chosen.reduce((s, x) => s + x.price_cents, 0),
          price_from: chosen.some((x) => x.price_from) ? 1 : 0,
          created_at: iso(createdMs),
          updated_at: iso(cancelledMs ?? createdMs),
          confirmed_at: iso(createdMs),
          cancelled_at: cancelledMs === null ? null : iso(cancelledMs),
          cancelled_by: cancelledMs === null ? null : rng() < 0.7 ? "client" : "staff",
        });
        chosen.forEach((s, position) =>
          plan.appointmentServices.push({
            appointment_id: id,
            position,
            service_id: s.id,
            name: s.name,
            duration_min: s.duration_min,
            buffer_min: s.buffer_min,
            price_cents: s.price_cents,
            price_from: s.price_from,
          }),
        );
        if (source === "staff") audit(iso(createdMs), "appointment.create", "appointment", id, { status });
        if (status === "no_show") audit(iso(endMs + 600_000), "appointment.no-show", "appointment", id, { status });
        if (cancelledMs !== null && rng() < 0.3) audit(iso(cancelledMs), "appointment.cancel", "appointment", id, {});
        // Nearly every appointment was booked with a señal paid online; most cancelled ones got it back.
        if (rng() < 0.97) {
          const amount = chosen[0]!.deposit_cents ?? (chosen[0]!.price_cents >= 3000 ? 1500 : 1000);
          const order = sale({ client, createdMs, kind: "deposit", total: amount, appointmentId: id });
          const item: Row<"order_items"> = {
            id: uuid(rng),
            order_id: order.id,
            course_id: null,
            edition_id: null,
            title: depositLineTitle(chosen[0]!.name, startMs),
            price_cents: amount,
            edition_starts_on: null,
            edition_ends_on: null,
            service_id: chosen[0]!.id,
          };
          plan.items.push(item);
          plan.events.push({ at: order.paid_at!, kind: "sale", order, items: [item], refund: null });
          if (cancelledMs !== null && rng() < 0.6) refund(order, [item], cancelledMs + 3_600_000, "staff");
        }
      }
    }
  }

  // — courses: a monthly edition of each, bought by account holders in the weeks before —
  const active = new Map<string, Row<"enrollments">>();
  for (let month = firstDay.slice(0, 7); month < today.slice(0, 7);) {
    for (const course of input.courses) {
      const startsOn = `${month}-${String(8 + Math.floor(rng() * 14)).padStart(2, "0")}`;
      const buyers = Math.round(Math.max(1, (withAccount.length > 0 ? 10 : 0) * scale * (0.6 + rng() * 0.8)));
      const edition: Row<"course_editions"> = {
        id: `${course.id}-hist-${month}`,
        course_id: course.id,
        starts_on: startsOn,
        ends_on: addDays(startsOn, 2),
        seats: Math.max(12, buyers),
        seats_taken: 0,
        seats_held: 0,
        status: "closed",
        schedule: "",
        updated_at: null,
        cancelled_at: null,
      };
      plan.editions.push(edition);
      for (let b = 0; b < buyers && withAccount.length > 0; b++) {
        const client = withAccount[Math.floor(rng() * withAccount.length)]!;
        const createdMs = wallToInstant(
          addDays(startsOn, -(2 + Math.floor(rng() * 40))),
          600 + Math.floor(rng() * 600),
        );
        if (createdMs >= nowMs - 3_600_000) continue;
        const order = sale({ client, createdMs, kind: "courses", total: course.price_cents, appointmentId: null });
        const item: Row<"order_items"> = {
          id: uuid(rng),
          order_id: order.id,
          course_id: course.id,
          edition_id: edition.id,
          title: course.title,
          price_cents: course.price_cents,
          edition_starts_on: startsOn,
          edition_ends_on: edition.ends_on ?? null,
          service_id: null,
        };
        plan.items.push(item);
        edition.seats_taken = Number(edition.seats_taken) + 1;
        const key = `${client.userId}|${course.id}`;
        const previous = active.get(key);
        if (previous) Object.assign(previous, { ended_at: order.paid_at, end_reason: "expired" });
        const enrollment: Row<"enrollments"> = {
          id: uuid(rng),
          user_id: client.userId!,
          course_id: course.id,
          order_id: order.id,
          edition_id: edition.id,
          enrolled_at: order.paid_at!,
          access_until: `${addDays(startsOn, 365)}T00:00:00.000Z`,
          ended_at: null,
          end_reason: null,
        };
        plan.enrollments.push(enrollment);
        active.set(key, enrollment);
        plan.events.push({ at: order.paid_at!, kind: "sale", order, items: [item], refund: null });
        if (rng() < 0.02) {
          refund(order, [item], createdMs + 86_400_000 * (1 + Math.floor(rng() * 10)), "withdrawal");
          Object.assign(enrollment, { ended_at: order.updated_at, end_reason: "refunded" });
          active.delete(key);
        }
      }
    }
    const [y, m] = month.split("-").map(Number) as [number, number];
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  }
  plan.events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === "sale" ? -1 : 1));
  return plan;
}

/** The five-minute slots of every appointment that takes time (cancelled ones gave theirs back). */
function* slotRows(appointments: Row<"appointments">[]): Generator<Row<"appointment_slots">> {
  for (const a of appointments) {
    if (a.status === "cancelled") continue;
    for (const slot of slotsBetween(Date.parse(a.starts_at), Date.parse(a.blocks_until))) {
      yield { professional_id: a.professional_id, slot, appointment_id: a.id };
    }
  }
}

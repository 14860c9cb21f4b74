/**
 * The panel's "Hoy" (/gestion): the salon's appointments of the Madrid day,
 * the takings of the day (online and at the counter, by kind of sale) by the rule Facturas documents
 * (app/domain/takings.ts: sales paid today minus refunds made today, demo
 * sales apart), and how many seeded services still wait for their review.
 */
import type { Db } from "~/db/db.server.ts";
import { listDiaryProfessionals, loadDiaryRange } from "~/bookings/diary.server.ts";
import { countServicesToReview } from "~/bookings/service-review.server.ts";
import { appointmentStatusLabel } from "~/components/staff/diary/labels.ts";
import { addDays, madridDate, madridDayStart } from "~/domain/calendar-dates.ts";
import { formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { sumTakings, type KindTakings, type Takings } from "~/domain/takings.ts";
import { isOrderKindId, ORDER_KINDS, type OrderKindId } from "~/orders/kinds/index.server.ts";
import { refundsMadeBetween, salesPaidBetween } from "./takings.server.ts";

/** What each kind of sale is called on the panel (a new kind cannot be added without its name). */
const KIND_NAMES: Record<OrderKindId, string> = {
  courses: "Cursos",
  deposit: "Señales de citas",
  counter: "Caja del salón",
};

interface TodayAppointment {
  id: string;
  /** "10:00–10:45", Madrid. */
  time: string;
  clientName: string;
  services: string[];
  professionalName: string;
  statusLabel: string;
}

export interface Today {
  /** The Madrid day, "YYYY-MM-DD". */
  date: string;
  /** What takes time today (held and confirmed, attended, no-shows), in time order. */
  appointments: TodayAppointment[];
  takings: Omit<Takings, "byKind"> & { byKind: (KindTakings & { name: string })[] };
  servicesToReview: number;
}

/** The Madrid day's takings, by the rule Facturas documents. */
export async function takingsOfDay(db: Db, date: string): Promise<Today["takings"]> {
  const from = madridDayStart(date);
  const to = madridDayStart(addDays(date, 1));
  const [sales, refunds] = await Promise.all([salesPaidBetween(db, from, to), refundsMadeBetween(db, from, to)]);
  const takings = sumTakings(sales, refunds, Object.keys(ORDER_KINDS));
  return {
    ...takings,
    byKind: takings.byKind.map((k) => ({ ...k, name: isOrderKindId(k.kind) ? KIND_NAMES[k.kind] : k.kind })),
  };
}

async function appointmentsOfDay(db: Db, date: string, now: Date): Promise<TodayAppointment[]> {
  const professionals = await listDiaryProfessionals(db);
  const range = await loadDiaryRange(db, { fromDate: date, days: 1, professionalId: null, now, professionals });
  return range.appointments.flatMap((a) => {
    const start = wallClockOf(Date.parse(a.startsAt));
    if (start.date !== date) return [];
    const end = wallClockOf(Date.parse(a.endsAt));
    return [
      {
        id: a.id,
        time: `${formatTime(start.minutes)}–${end.date === date ? formatTime(end.minutes) : "24:00"}`,
        clientName: a.clientName,
        services: a.services,
        professionalName: a.professionalName,
        statusLabel: appointmentStatusLabel(a.status),
      },
    ];
  });
}

/** Everything the panel's "Hoy" shows, as of `now`. */
export async function loadToday(db: Db, now = new Date()): Promise<Today> {
  const date = madridDate(now);
  const [appointments, takings, servicesToReview] = await Promise.all([
    appointmentsOfDay(db, date, now),
    takingsOfDay(db, date),
    countServicesToReview(db),
  ]);
  return { date, appointments, takings, servicesToReview };
}

// `npm run bench:availability`: server time of the booking calendar's query
// (`loadAvailability`, issue 15) against a realistic diary — a measurement,
// not a timed test. Target: the next 14 days of one service in ≤ 50 ms.
//
// The diary, on a fresh SQLite database (and PostgreSQL when reachable, or
// with --db=postgres|both; see selectDatabases): the seeded menu and six
// professionals with their seeded hours; about 70 % of the next 14 days'
// working time booked (mostly confirmed, some live and expired holds, some
// cancellations), lighter bookings up to the 60-day horizon, 90 days of past
// appointments, a day off, a blocked afternoon and a closure of the salon.
// Rows go straight into appointments + appointment_slots.
//
// Flags: --runs=N (default 300), --seed=N, --db=sqlite|postgres|both, --keep.
import path from "node:path";
import type { Db } from "../app/db/db.server.ts";
import { registerAppAlias } from "./lib/app-alias.ts";
import { createTarget, selectDatabases, type DbKind } from "./lib/server.ts";
import { numberFlag, parseFlags, percentile, seededRandom, table, weighted, type Rng } from "./lib/util.ts";

registerAppAlias(path.resolve(import.meta.dirname, ".."));

const { createDb, migrateToLatest, inTransaction } = await import("../app/db/db.server.ts");
const { seedCatalogue } = await import("../app/db/seed.server.ts");
const { seedSalon, seedProfessionals, seedServices } = await import("../app/db/seed-salon.server.ts");
const { loadAvailability, checkStart } = await import("../app/bookings/availability.server.ts");
const { DEFAULT_BOOKING_RULES } = await import("../app/domain/booking-rules.ts");
const { addDays, madridDate } = await import("../app/domain/calendar-dates.ts");
const { clipToOpening } = await import("../app/domain/salon-hours.ts");
const { isoWeekday, parseTime, slotsBetween, wallToInstant } = await import("../app/domain/salon-time.ts");
const { newId } = await import("../app/lib/ids.server.ts");

const flags = parseFlags();
const RUNS = Math.max(200, numberFlag(flags, "runs", 300));
const WARMUP = 30;
const SEED = numberFlag(flags, "seed", 15) >>> 0;
const MIN = 60_000;

const now = new Date();
const today = madridDate(now);
const serviceById = new Map(seedServices.map((s) => [s.id, s]));
/** "09:30" → 570 (the times below are written by hand, always valid). */
const hm = (t: string): number => parseTime(t)!;

interface Built {
  appointments: number;
  slots: number;
  /** Booked share of the working time of the next 14 days. */
  occupancy: number;
}

/** Fills one professional's working range on one date; returns the minutes booked (live ones). */
function fillRange(
  rng: Rng,
  pro: (typeof seedProfessionals)[number],
  range: { start: number; end: number },
  density: number,
  out: { appointments: Record<string, unknown>[]; slots: Record<string, unknown>[] },
): number {
  let booked = 0;
  let cursor = range.start;
  const nowMs = now.getTime();
  while (cursor < range.end) {
    if (rng() > density) {
      cursor +=
        weighted(rng, [
          [15, 3],
          [30, 2],
          [45, 1],
          [90, 1],
          [150, 1],
        ] as const) * MIN;
      continue;
    }
    const serviceIds =
      pro.services.length > 0
        ? [
            weighted(
              rng,
              pro.services.map((s) => [s, s === "semipermanente" ? 4 : 1] as const),
            ),
          ]
        : [];
    if (serviceIds[0] === "semipermanente" && rng() < 0.3) serviceIds.unshift("retirada");
    const services = serviceIds.map((id) => serviceById.get(id)!);
    const duration = services.reduce((s, x) => s + x.durationMin, 0);
    const blocks = cursor + (duration + services.at(-1)!.bufferMin) * MIN;
    if (blocks > range.end) break;
    const status =
      cursor < nowMs
        ? weighted(rng, [
            ["attended", 90],
            ["no_show", 3],
            ["cancelled", 7],
          ] as const)
        : weighted(rng, [
            ["confirmed", 85],
            ["held", 4],
            ["expired-hold", 3],
            ["cancelled", 8],
          ] as const);
    const live = status !== "cancelled" && status !== "expired-hold";
    const id = newId();
    const iso = (ms: number) => new Date(ms).toISOString();
    out.appointments.push({
      id,
      professional_id: pro.id,
      user_id: null,
      client_name: "Clienta de prueba",
      client_email: `clienta-${id.slice(0, 8)}@example.com`,
      client_phone: "600000000",
      starts_at: iso(cursor),
      ends_at: iso(cursor + duration * MIN),
      blocks_until: iso(blocks),
      status: status === "expired-hold" ? "held" : status,
      hold_expires_at:
        status === "held" ? iso(nowMs + 15 * MIN) : status === "expired-hold" ? iso(nowMs - 5 * MIN) : null,
      source: rng() < 0.6 ? "online" : "staff",
      client_comment: "",
      price_cents: services.reduce((s, x) => s + x.priceCents, 0),
      price_from: services.some((x) => x.priceFrom) ? 1 : 0,
      created_at: iso(nowMs),
      updated_at: iso(nowMs),
      confirmed_at: null,
      cancelled_at: status === "cancelled" ? iso(nowMs) : null,
      cancelled_by: status === "cancelled" ? "client" : null,
    });
    if (live) {
      for (const slot of slotsBetween(cursor, blocks))
        out.slots.push({ professional_id: pro.id, slot, appointment_id: id });
      booked += (blocks - cursor) / MIN;
    }
    cursor = blocks;
  }
  return booked;
}

async function insertChunked(
  db: Db,
  table: "appointments" | "appointment_slots",
  rows: Record<string, unknown>[],
  size: number,
) {
  for (let i = 0; i < rows.length; i += size) {
    // The rows are built to the table's shape above.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

async function buildDiary(db: Db): Promise<Built> {
  const rng = seededRandom(SEED);
  const out = { appointments: [] as Record<string, unknown>[], slots: [] as Record<string, unknown>[] };
  let booked14 = 0;
  let working14 = 0;
  for (let offset = -90; offset <= DEFAULT_BOOKING_RULES.horizonDays; offset++) {
    const date = addDays(today, offset);
    // The next two weeks are ~70 % full; further ahead fewer bookings; the past as it was.
    const density = offset < 0 ? 0.8 : offset < 14 ? 0.9 : offset < 30 ? 0.45 : 0.15;
    for (const pro of seedProfessionals) {
      for (const [weekday, from, to] of pro.hours) {
        if (weekday !== isoWeekday(date)) continue;
        const open = clipToOpening(weekday, hm(from), hm(to));
        if (!open) continue;
        const range = { start: wallToInstant(date, open.opens), end: wallToInstant(date, open.closes) };
        const booked = fillRange(rng, pro, range, density, out);
        if (offset >= 0 && offset < 14) {
          booked14 += booked;
          working14 += (range.end - range.start) / MIN;
        }
      }
    }
  }
  const at = (days: number, time: string) => new Date(wallToInstant(addDays(today, days), hm(time))).toISOString();
  await inTransaction(db, async (trx) => {
    await insertChunked(trx, "appointments", out.appointments, 200);
    await insertChunked(trx, "appointment_slots", out.slots, 1000);
    const created = { created_at: now.toISOString(), created_by: null };
    await trx
      .insertInto("time_off")
      .values([
        {
          id: newId(),
          professional_id: "laura",
          starts_at: at(3, "00:00"),
          ends_at: at(4, "00:00"),
          reason: "Día libre",
          ...created,
        },
        {
          id: newId(),
          professional_id: "sofia",
          starts_at: at(5, "15:00"),
          ends_at: at(5, "19:00"),
          reason: "Médico",
          ...created,
        },
        {
          id: newId(),
          professional_id: "paula",
          starts_at: at(-20, "00:00"),
          ends_at: at(-10, "00:00"),
          reason: "Vacaciones",
          ...created,
        },
        {
          id: newId(),
          professional_id: null,
          starts_at: at(8, "00:00"),
          ends_at: at(9, "00:00"),
          reason: "Festivo local",
          ...created,
        },
      ])
      .execute();
  });
  return { appointments: out.appointments.length, slots: out.slots.length, occupancy: booked14 / working14 };
}

interface Row {
  label: string;
  starts: number;
  samples: number[];
}

async function measure(label: string, run: () => Promise<number>): Promise<Row> {
  let starts = 0;
  for (let i = 0; i < WARMUP; i++) starts = await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return { label, starts, samples };
}

async function benchOn(kind: DbKind, pgUrl: string): Promise<void> {
  const target = await createTarget(kind, pgUrl, { label: "bench-availability", keep: flags.has("keep") });
  const db = createDb(target.databaseUrl);
  try {
    await migrateToLatest(db);
    await seedCatalogue(db, { today });
    await seedSalon(db);
    const t0 = performance.now();
    const built = await buildDiary(db);
    const buildMs = performance.now() - t0;

    const base = { fromDate: today, days: 14, now, rules: DEFAULT_BOOKING_RULES, online: true };
    const count = async (q: { serviceIds: string[]; professionalId: string | null; days?: number }) => {
      const res = await loadAvailability(db, { ...base, ...q });
      if (!res.ok) throw new Error(`availability refused: ${res.reason}`);
      return res.days.reduce((n, d) => n + d.starts.length, 0);
    };
    const sample = await loadAvailability(db, { ...base, serviceIds: ["semipermanente"], professionalId: "laura" });
    const probeAt = sample.ok ? sample.days.flatMap((d) => d.starts).at(0)?.at : undefined;
    const rows = [
      await measure("14 d: semipermanente, cualquier profesional", () =>
        count({ serviceIds: ["semipermanente"], professionalId: null }),
      ),
      await measure("14 d: semipermanente, una profesional (Laura)", () =>
        count({ serviceIds: ["semipermanente"], professionalId: "laura" }),
      ),
      await measure("14 d: retirada + semipermanente, cualquiera", () =>
        count({ serviceIds: ["retirada", "semipermanente"], professionalId: null }),
      ),
      await measure("61 d (horizon): semipermanente, cualquiera", () =>
        count({ serviceIds: ["semipermanente"], professionalId: null, days: 61 }),
      ),
      await measure("checkStart: one start, before booking", async () =>
        probeAt === undefined
          ? 0
          : (await checkStart(db, { ...base, serviceIds: ["semipermanente"], professionalId: "laura", at: probeAt }))
            ? 1
            : 0,
      ),
    ];

    const ms = (x: number) => `${x.toFixed(2)} ms`;
    console.log(
      `\nAvailability benchmark — ${kind === "sqlite" ? "SQLite (node:sqlite)" : "PostgreSQL"}, Node ${process.version}`,
    );
    console.log(
      `Diary: 6 professionals, ${built.appointments} appointments (${built.slots} slots) over 90 days back and 60 ahead, ` +
        `${Math.round(built.occupancy * 100)} % of the next 14 days' working time booked; time off ×3, 1 closure ` +
        `(built in ${(buildMs / 1000).toFixed(1)} s). Window: ${today} + 14 days; ${RUNS} runs after ${WARMUP} warm-up.\n`,
    );
    console.log(
      table(
        ["loadAvailability", "free starts", "p50", "p95", "max"],
        rows.map((r) => [
          r.label,
          String(r.starts),
          ms(percentile(r.samples, 0.5)),
          ms(percentile(r.samples, 0.95)),
          ms(Math.max(...r.samples)),
        ]),
      ),
    );
    const worst = Math.max(...rows.slice(0, 3).map((r) => percentile(r.samples, 0.95)));
    console.log(
      `\nTarget ≤ 50 ms for 14 days of one service: p95 ${worst <= 50 ? "within" : "OVER"} target (${ms(worst)}).`,
    );
  } finally {
    await db.destroy();
    await target.cleanup();
  }
}

const { kinds, pgUrl } = await selectDatabases(flags);
for (const kind of kinds) await benchOn(kind, pgUrl);

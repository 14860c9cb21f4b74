/**
 * The starting service menu, professionals and weekly hours of a new
 * installation (issue 15), inserted by `npm run seed` and the test harness next
 * to the course catalogue. Like the catalogue seed it only inserts what is
 * absent: a service is inserted when no service has its id, and professionals
 * (with what each does and her hours) only when the salon has none, so the
 * owner's edits are never overwritten. A service is inserted with its Catalan
 * name and description (app/db/seed-services.server.ts); one seeded before
 * without them gets each whose column is still empty and whose Spanish text is
 * still the seed's (app/db/seed-catalan.server.ts).
 *
 * PENDIENTE DE REVISAR por la propietaria: names, durations, prices and hours
 * are a plausible starting point for a nail salon, not the salon's own. Every
 * seeded service carries `review_pending = 1`, which Gestión → Servicios shows
 * until the owner saves it.
 */
import { founder, teamMembers } from "~/content/team.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { inTransaction, type Db } from "./db.server.ts";
import { fillSeedServicesCatalan } from "./seed-catalan.server.ts";
import { seedServices } from "./seed-services.server.ts";

export { seedServices };

const HANDS = ["manicura", "semipermanente", "retirada", "nail-art"];
const SCULPT = ["unas-gel", "acrilico", "relleno"];
const FEET = ["pedicura", "pedicura-semipermanente"];
const FACE = ["limpieza-facial", "facial-hidratante", "cejas"];

/** Weekly ranges as [weekday, "HH:MM", "HH:MM"]; within the salon's opening hours (app/content/site.ts). */
type Range = [number, string, string];
const weekdays = (from: string, to: string, days = [1, 2, 3, 4, 5]): Range[] => days.map((d) => [d, from, to]);

/** The professionals' titles are seeded in Spanish, the staff's language (their texts live in the catalogues). */
const spanish = serverTranslator("es");

interface SeedProfessional {
  id: string;
  name: string;
  title: string;
  services: string[];
  hours: Range[];
}

export const seedProfessionals: readonly SeedProfessional[] = [
  {
    id: "alejandra",
    name: founder.name,
    title: spanish(founder.roleKey),
    services: [...HANDS, ...SCULPT],
    hours: [...weekdays("10:00", "14:00"), ...weekdays("16:00", "20:00", [1, 3])],
  },
  {
    id: "laura",
    name: teamMembers[0]!.name,
    title: spanish(teamMembers[0]!.roleKey),
    services: [...HANDS, ...SCULPT],
    hours: [...weekdays("09:00", "14:00"), ...weekdays("15:00", "18:00")],
  },
  {
    id: "sofia",
    name: teamMembers[1]!.name,
    title: spanish(teamMembers[1]!.roleKey),
    services: [...HANDS, ...SCULPT],
    hours: [...weekdays("12:00", "21:00", [2, 3, 4, 5]), [6, "09:00", "17:00"]],
  },
  {
    id: "marta",
    name: teamMembers[2]!.name,
    title: spanish(teamMembers[2]!.roleKey),
    services: [...FEET, "manicura", "semipermanente", "retirada"],
    hours: [...weekdays("09:00", "15:00"), [6, "09:00", "14:00"]],
  },
  {
    id: "carla",
    name: teamMembers[3]!.name,
    title: spanish(teamMembers[3]!.roleKey),
    services: FACE,
    hours: [...weekdays("14:00", "21:00"), [6, "10:00", "17:00"]],
  },
  {
    id: "paula",
    name: teamMembers[4]!.name,
    title: spanish(teamMembers[4]!.roleKey),
    services: [...HANDS, ...SCULPT, ...FEET],
    hours: [...weekdays("15:00", "21:00"), [6, "09:00", "15:00"]],
  },
];

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface SalonSeedResult {
  servicesInserted: number;
  professionalsInserted: number;
}

export async function seedSalon(db: Db): Promise<SalonSeedResult> {
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const inserted = await trx
      .insertInto("services")
      .values(
        seedServices.map((s, i) => ({
          id: s.id,
          name: s.name,
          name_ca: s.nameCa,
          category: s.category,
          description: s.description,
          description_ca: s.descriptionCa,
          duration_min: s.durationMin,
          buffer_min: s.bufferMin,
          price_cents: s.priceCents,
          price_from: s.priceFrom ? 1 : 0,
          deposit_cents: s.depositCents ?? null,
          bookable_online: 1,
          active: 1,
          sort_order: (i + 1) * 10,
          review_pending: 1,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .execute();
    await fillSeedServicesCatalan(trx, now);

    const anyProfessional = await trx.selectFrom("professionals").select("id").limit(1).executeTakeFirst();
    if (anyProfessional) return { servicesInserted: inserted.length, professionalsInserted: 0 };
    const services = new Set((await trx.selectFrom("services").select("id").execute()).map((r) => r.id));
    for (const [i, p] of seedProfessionals.entries()) {
      await trx
        .insertInto("professionals")
        .values({
          id: p.id,
          name: p.name,
          title: p.title,
          user_id: null,
          active: 1,
          sort_order: (i + 1) * 10,
          updated_at: now,
        })
        .execute();
      const can = p.services.filter((s) => services.has(s));
      if (can.length > 0) {
        await trx
          .insertInto("professional_services")
          .values(can.map((service_id) => ({ professional_id: p.id, service_id })))
          .execute();
      }
      await trx
        .insertInto("working_hours")
        .values(
          p.hours.map(([weekday, from, to]) => ({
            id: newId(),
            professional_id: p.id,
            weekday,
            starts_min: minutes(from),
            ends_min: minutes(to),
          })),
        )
        .execute();
    }
    return { servicesInserted: inserted.length, professionalsInserted: seedProfessionals.length };
  });
}

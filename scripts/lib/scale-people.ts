// The clients of the scale seed (scale-plan.ts): Spanish names, an address per
// client under example.com, a phone; about a third have an account (a users
// row without a password: nobody signs in as them).
import type { Insertable } from "kysely";
import type { Database } from "~/db/schema.ts";
import type { Rng } from "./util.ts";

export interface ScaleClient {
  email: string;
  name: string;
  phone: string;
  userId: string | null;
}

const FIRST = [
  "Laura",
  "Marta",
  "Lucía",
  "Paula",
  "Carla",
  "Sofía",
  "Julia",
  "Ana",
  "Elena",
  "Sara",
  "Núria",
  "Montse",
  "Cristina",
  "Alba",
  "Irene",
  "Andrea",
  "Claudia",
  "Marina",
  "Noelia",
  "Raquel",
  "Silvia",
  "Mireia",
  "Judith",
  "Aina",
  "Berta",
  "Rocío",
  "Patricia",
  "Beatriz",
  "Eva",
  "Teresa",
  "Carmen",
  "Pilar",
  "Rosa",
  "Isabel",
  "Lorena",
];
const LAST = [
  "García",
  "Martínez",
  "López",
  "Sánchez",
  "Pérez",
  "Gómez",
  "Martín",
  "Jiménez",
  "Ruiz",
  "Hernández",
  "Díaz",
  "Moreno",
  "Muñoz",
  "Álvarez",
  "Romero",
  "Navarro",
  "Torres",
  "Domínguez",
  "Vázquez",
  "Ramos",
  "Gil",
  "Serra",
  "Puig",
  "Vidal",
  "Ferrer",
  "Soler",
  "Roca",
  "Font",
  "Pujol",
  "Mas",
  "Castells",
  "Costa",
  "Molina",
  "Ortega",
];

const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export function fakeClients(
  rng: Rng,
  count: number,
  sinceMs: number,
  nowMs: number,
): { clients: ScaleClient[]; users: Insertable<Database["users"]>[] } {
  const clients: ScaleClient[] = [];
  const users: Insertable<Database["users"]>[] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST[Math.floor(rng() * FIRST.length)]!;
    const last = `${LAST[Math.floor(rng() * LAST.length)]!} ${LAST[Math.floor(rng() * LAST.length)]!}`;
    const email = `${ascii(first)}.${ascii(last).replace(" ", ".")}.${i + 1}@example.com`;
    const phone = `6${String(Math.floor(rng() * 1e8)).padStart(8, "0")}`;
    let userId: string | null = null;
    if (rng() < 0.35) {
      userId = `seed-user-${String(i + 1).padStart(6, "0")}`;
      const created = new Date(sinceMs + rng() * (nowMs - sinceMs)).toISOString();
      users.push({
        id: userId,
        email,
        password_hash: null,
        google_sub: null,
        display_name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        phone,
        created_at: created,
        last_login_at: null,
        email_verified_at: created,
        role_changed_at: null,
        billing_name: null,
        billing_tax_id: null,
        billing_address: null,
        billing_postal_code: null,
        billing_city: null,
      });
    }
    clients.push({ email, name: `${first} ${last}`, phone, userId });
  }
  return { clients, users };
}
